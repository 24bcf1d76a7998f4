/**
 * Remembers the main window's size and position in the settings, and restores
 * them only when they still fit on a connected display.
 */
import { screen, type BrowserWindow, type Rectangle } from 'electron'
import type { SettingsStore } from '../settings/store'

/** True when at least a 100×100 corner of `bounds` is on one of `displays`. */
export function isVisibleOn(bounds: Rectangle, displays: readonly Rectangle[]): boolean {
  return displays.some(
    (d) =>
      bounds.x + 100 <= d.x + d.width &&
      bounds.x + bounds.width - 100 >= d.x &&
      bounds.y + 100 <= d.y + d.height &&
      bounds.y >= d.y - 100,
  )
}

/** The saved bounds, if they are still on screen. */
export function savedBounds(settings: SettingsStore): (Rectangle & { maximized: boolean }) | null {
  const saved = settings.get().window
  if (!saved) return null
  const displays = screen.getAllDisplays().map((d) => d.workArea)
  return isVisibleOn(saved, displays) ? saved : null
}

/** Saves the window's bounds when it moves, resizes or closes (debounced). */
export function trackBounds(window: BrowserWindow, settings: SettingsStore): void {
  let timer: NodeJS.Timeout | null = null
  const save = () => {
    timer = null
    if (window.isDestroyed()) return
    const bounds = window.getNormalBounds()
    const maximized = window.isMaximized()
    void settings.update((s) => ({ ...s, window: { ...bounds, maximized } })).catch(() => undefined)
  }
  const later = () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(save, 500)
  }
  window.on('resize', later)
  window.on('move', later)
  window.on('close', save)
}
