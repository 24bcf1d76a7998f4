/**
 * The one drag-and-drop manager of every branch tree. react-arborist otherwise keeps one in a
 * global slot that a tree being unmounted empties while the tree replacing it (a new filter's)
 * still uses its backend: the next render of the new tree made a second HTML5 backend, which
 * throws ("Cannot have two HTML5 backends at the same time") and took the session view down.
 * The tree neither drags nor drops; its rows still register, so it needs a manager.
 */
import { createDragDropManager } from 'dnd-core'
import { HTML5Backend } from 'react-dnd-html5-backend'

/** Handed to every react-arborist Tree (its `dndManager` prop). */
export const treeDndManager = createDragDropManager(HTML5Backend)
