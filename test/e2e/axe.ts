/**
 * The axe-core audit the specs run: WCAG 2 A and AA rules (colour contrast included) over
 * the whole page.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** One rule axe found broken, with up to five of its nodes. */
export interface AxeViolation {
  id: string
  impact: string
  help: string
  nodes: { target: string[] }[]
}

/** Runs axe in the page (evaluate is not subject to the page's CSP) and returns violations. */
export async function audit(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> }
      }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target })),
    }))
  })
}
