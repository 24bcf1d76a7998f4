/**
 * The smallest session given a tree skeleton (skeletons.ts), in its own module with no
 * imports so the session view benchmark (bench/session-view.ts) reads the same number.
 */

/** Sessions below this size (bytes) are parsed whole at open in a blink: no skeleton. */
export const SKELETON_MIN_BYTES = 4 * 1024 * 1024
