/**
 * The settings store: the user's settings from main, applied at once (theme on the root
 * element) and saved through `settings:update`.
 */
import { create } from 'zustand'
import type { SettingsPatch, UserSettings } from '../../../preload/contract/app'
import type { ApiErrorData } from '../../../preload/contract/errors'
import { call, errorData } from '../api/client'

/** State and actions of the settings. */
export interface SettingsState {
  settings: UserSettings | null
  error: ApiErrorData | null
  load(): Promise<void>
  update(patch: SettingsPatch): Promise<void>
}

/** Puts the theme on `<html data-theme>` (CSS picks the colours; `system` follows the OS). */
export function applyTheme(theme: UserSettings['theme']): void {
  document.documentElement.dataset.theme = theme
}

export const useSettings = create<SettingsState>((set, get) => ({
  settings: null,
  error: null,
  async load() {
    try {
      const settings = await call('settings:get', {})
      applyTheme(settings.theme)
      set({ settings, error: null })
    } catch (error) {
      set({ error: errorData(error) })
    }
  },
  async update(patch) {
    const before = get().settings
    if (before) {
      // Optimistic: the user sees the change at once; a failed save puts it back.
      const next = { ...before, ...patch }
      if (patch.theme) applyTheme(patch.theme)
      set({ settings: next })
    }
    try {
      const saved = await call('settings:update', patch)
      applyTheme(saved.theme)
      set({ settings: saved, error: null })
    } catch (error) {
      if (before) applyTheme(before.theme)
      set({ settings: before, error: errorData(error) })
    }
  },
}))
