/**
 * The branch tree and the transcript of the session view, with a splitter between them
 * (react-resizable-panels; sizes remembered in localStorage per orientation). Side by side
 * when the session view is wide enough, the tree above the transcript otherwise. The tree
 * can be hidden (T, or the app bar's Tree button); in narrow windows it starts hidden.
 */
import { useRef, type ReactNode } from 'react'
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels'
import { useElementSize } from '../../components/useElementSize'
import { useLayout } from '../layout/store'
import { useNarrow } from '../layout/useNarrow'

/** Session views at least this wide (CSS px) show the tree beside the transcript. */
const SIDE_BY_SIDE_WIDTH = 760

/** The tree (when shown) and the transcript, split by a splitter. */
export function SessionSplit({ tree, transcript }: { tree: ReactNode; transcript: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const { width } = useElementSize(box)
  const narrow = useNarrow()
  const shown = useLayout((s) => (narrow ? s.tree.narrow : s.tree.wide))
  const orientation = width >= SIDE_BY_SIDE_WIDTH ? 'horizontal' : 'vertical'
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({
    id: `pi-sessions-tree-${orientation}`,
    panelIds: shown ? ['tree', 'transcript'] : ['transcript'],
    storage: localStorage,
    // The user's own sizes only, as the window's panes (AppLayout.tsx): a size a window
    // resize left would come back at another width as a share of it.
    onlySaveAfterUserInteractions: true,
  })
  const side = orientation === 'horizontal'
  return (
    <div ref={box} className="session-split" data-orientation={orientation}>
      {width > 0 && (
        // No key per orientation: crossing the width keeps the transcript mounted (its
        // scroll position, open blocks and find state survive a window resize).
        <Group
          orientation={orientation}
          defaultLayout={defaultLayout}
          onLayoutChanged={onLayoutChanged}
        >
          {shown && (
            <>
              <Panel
                id="tree"
                className="pane"
                defaultSize={side ? '40%' : '36%'}
                minSize={side ? 220 : 120}
                maxSize="75%"
                style={{ overflow: 'hidden' }}
              >
                {tree}
              </Panel>
              <Separator className="splitter" aria-label="Resize the branch tree" />
            </>
          )}
          <Panel
            id="transcript"
            className="pane"
            minSize={side ? 280 : 160}
            style={{ overflow: 'hidden' }}
          >
            {transcript}
          </Panel>
        </Group>
      )}
    </div>
  )
}
