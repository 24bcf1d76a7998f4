/**
 * react-arborist as patched (patches/react-arborist+3.16.0.patch).
 *
 * A tree node binds its action methods and its click handler the first time they are read, not
 * when it is built. The tree
 * builds a node for every item at every change of its props (8,411 nodes on a 100,000-entry
 * session); fourteen bound functions per node were most of that memory, and the young-generation
 * collections that copied it held the window for 75-110 ms after a new branch. Both builds are
 * checked: the renderer bundles the ES module build, Node resolves the CommonJS one.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { NodeApi as CommonNodeApi } from 'react-arborist'
import { NodeApi as ModuleNodeApi } from 'react-arborist/dist/module/interfaces/node-api.js'
import { TreeApi as CommonTreeApi } from 'react-arborist/dist/main/interfaces/tree-api.js'
import { TreeApi as ModuleTreeApi } from 'react-arborist/dist/module/interfaces/tree-api.js'
import { rootReducer as commonReducer } from 'react-arborist/dist/main/state/root-reducer.js'
import { rootReducer as moduleReducer } from 'react-arborist/dist/module/state/root-reducer.js'
import { initialState as commonInitial } from 'react-arborist/dist/main/state/initial.js'
import { initialState as moduleInitial } from 'react-arborist/dist/module/state/initial.js'

/** The node fields react-arborist's createRoot gives (data/create-root.js). */
const FIELDS = ['tree', 'id', 'data', 'level', 'children', 'parent', 'isDraggable', 'rowIndex']

/** A tree that records the actions its nodes ask of it. */
function recordingTree() {
  const calls: string[] = []
  const tree = {
    props: { disableMultiSelection: true },
    isSelected: () => false,
    toggle: (node: { id: string }) => calls.push(`toggle ${node.id}`),
    select: (node: { id: string }) => calls.push(`select ${node.id}`),
    activate: (node: { id: string }) => calls.push(`activate ${node.id}`),
    edit: (node: { id: string }) => calls.push(`edit ${node.id}`),
  }
  return { tree, calls }
}

for (const [build, NodeApi] of [
  ['CommonJS', CommonNodeApi],
  ['ES module', ModuleNodeApi],
] as const) {
  const make = (tree: object, id: string) =>
    new NodeApi({
      tree,
      id,
      data: { id },
      level: 0,
      parent: null,
      children: null,
      isDraggable: false,
      rowIndex: 0,
    } as unknown as ConstructorParameters<typeof CommonNodeApi>[0])

  test(`${build} build: a new node holds its fields and no function of its own`, () => {
    const node = make(recordingTree().tree, 'e1')
    assert.deepEqual(Object.getOwnPropertyNames(node), FIELDS)
  })

  test(`${build} build: actions read off a node still act on it when called detached`, () => {
    const { tree, calls } = recordingTree()
    const node = make(tree, 'e7')
    const { toggle, handleClick, edit } = node
    toggle()
    edit()
    handleClick({ metaKey: false, ctrlKey: false, shiftKey: false } as never)
    assert.deepEqual(calls, ['toggle e7', 'edit e7', 'select e7', 'activate e7'])
    // Bound once: the same function on every later read (a stable callback for React).
    assert.equal(node.toggle, toggle)
    assert.equal(node.handleClick, handleClick)
    // Another node's action acts on that node.
    make(tree, 'e8').toggle()
    assert.equal(calls.at(-1), 'toggle e8')
  })
}

for (const [build, TreeApi, rootReducer, initialState] of [
  ['CommonJS', CommonTreeApi, commonReducer, commonInitial],
  ['ES module', ModuleTreeApi, moduleReducer, moduleInitial],
] as const) {
  /** A tree over runs r1..r4 (r1 known closed), with a store that counts its updates. */
  const makeTree = (searchTerm?: string) => {
    const data = ['r1', 'r2', 'r3', 'r4'].map((id) => ({ id, children: [{ id: `${id}.e` }] }))
    const props = { data, openByDefault: true, initialOpenState: { r1: false }, searchTerm }
    let state = initialState(props as never)
    let updates = 0
    const store = {
      getState: () => state,
      dispatch: (action: never) => {
        updates++
        state = rootReducer(state, action)
        return action
      },
      subscribe: () => () => {},
    }
    const tree = new TreeApi(store as never, props as never, { current: null }, { current: null })
    return { tree, updates: () => updates, state: () => state }
  }

  test(`${build} build: closeMany closes every node named in one update, the others as they were`, () => {
    const { tree, updates, state } = makeTree()
    assert.deepEqual([tree.isOpen('r2'), tree.isOpen('r3')], [true, true])
    tree.closeMany(['r2', 'r3'])
    assert.equal(updates(), 1)
    assert.deepEqual(state().nodes.open.unfiltered, { r1: false, r2: false, r3: false })
    assert.deepEqual(
      ['r1', 'r2', 'r3', 'r4'].map((id) => tree.isOpen(id)),
      [false, false, false, true],
    )
    // Nothing to close: no update at all.
    tree.closeMany([])
    assert.equal(updates(), 1)
  })

  test(`${build} build: openAll and closeAll change every node that differs in one update each`, () => {
    const { tree, updates, state } = makeTree()
    const ids = ['r1', 'r2', 'r3', 'r4']
    tree.openAll()
    assert.equal(updates(), 1)
    assert.deepEqual(
      ids.map((id) => tree.isOpen(id)),
      [true, true, true, true],
    )
    tree.closeAll()
    assert.equal(updates(), 2)
    assert.deepEqual(
      ids.map((id) => state().nodes.open.unfiltered[id]),
      [false, false, false, false],
    )
    // All closed already: nothing to change, no update.
    tree.closeAll()
    assert.equal(updates(), 2)
    tree.openMany(['r3'])
    assert.deepEqual(
      ids.map((id) => tree.isOpen(id)),
      [false, false, true, false],
    )
  })

  test(`${build} build: closeMany while searching closes in the search's open state`, () => {
    const { tree, state } = makeTree('e')
    tree.closeMany(['r4'])
    assert.deepEqual(state().nodes.open.filtered, { r4: false })
    assert.deepEqual(state().nodes.open.unfiltered, { r1: false })
  })
}
