/**
 * `session:find-counts`: how many matches a find's text has in each item of a path, counted
 * where the session is loaded. The renderer would otherwise fetch every item of the path to
 * count it (a 250 MB session's raw path: 100,000 items, 8 s before "no match"); it fetches
 * only the items the reader goes to. Counted in the texts whole, with the renderer's own
 * rules (find-text.ts), so a count agrees with the marks of its item once shown.
 */
import { countMatches, findPattern, itemText } from '../../../preload/contract/find-text'
import { toPathItem } from './items'
import { plannedPath, resolveTarget, type PathRequest } from './page'
import { forEachSliced, type ViewSource } from './source'

/**
 * The match count of each item of the path `req` names, in path order.
 * @throws ApiError `not_found` when the path's entry is not in the session
 */
export async function findCounts(
  source: ViewSource,
  memo: Map<string, unknown>,
  req: Pick<PathRequest, 'entryId' | 'position' | 'raw'> & { text: string },
): Promise<{ counts: number[] }> {
  const target = resolveTarget(source, req)
  const pattern = findPattern(req.text)
  const plan = await plannedPath(source, memo, target, req.raw === true)
  const counts = new Array<number>(plan.items.length).fill(0)
  if (!pattern) return { counts }
  // Sliced: a pass over 100,000 items keeps the view worker answering pages meanwhile.
  await forEachSliced(plan.items, (item, i) => {
    counts[i] = countMatches(itemText(toPathItem(source, plan, item)), pattern)
  })
  return { counts }
}
