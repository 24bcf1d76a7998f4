/** The four window sizes every layout is checked and photographed at (width, height in px). */
export const VIEWPORTS = [
  [1440, 900],
  [1280, 720],
  [1024, 640],
  [800, 600],
] as const
