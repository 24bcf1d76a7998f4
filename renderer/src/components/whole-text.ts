/**
 * How a long text shown cut by main (a page's `TextCut`) gets its whole: the transcript entry
 * holding it provides a fetch of the entry whole (the session view store's `wholeItem`). Null
 * where nothing can be fetched (the tail preview): the text then stays as sent.
 */
import { createContext } from 'react'

/** Fetches the current entry with its texts whole; resolves once it is in place. */
export const WholeText = createContext<(() => Promise<void>) | null>(null)
