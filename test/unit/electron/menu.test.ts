import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { MenuItemConstructorOptions } from 'electron'
import { AppCommand } from '../../../preload/contract/app'
import { menuTemplate } from '../../../main/electron/menu-template'

function items(menu: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return menu.flatMap((m) => [m, ...(Array.isArray(m.submenu) ? items(m.submenu) : [])])
}

test('the menu has the standard menus and every app command, with its accelerator', () => {
  const sent: string[] = []
  const menu = menuTemplate(
    (c) => sent.push(c),
    false,
    () => undefined,
  )
  assert.deepEqual(
    menu.map((m) => m.label ?? m.role),
    ['File', 'Edit', 'View', 'windowMenu', 'help'],
  )
  const all = items(menu)
  for (const role of [
    'undo',
    'redo',
    'cut',
    'copy',
    'paste',
    'selectAll',
    'resetZoom',
    'zoomIn',
    'zoomOut',
    'quit',
  ]) {
    assert.ok(
      all.some((i) => i.role === role),
      role,
    )
  }
  for (const item of all) item.click?.(undefined as never, undefined, undefined as never)
  assert.deepEqual([...new Set(sent)].sort(), [...AppCommand.shape.command.options].sort())
  const accel = (label: string) => all.find((i) => i.label === label)?.accelerator
  assert.equal(accel('Find in Library'), 'CmdOrCtrl+F')
  assert.equal(accel('Quick Open…'), 'CmdOrCtrl+K')
  assert.equal(accel('Rename Session…'), 'F2')
  assert.equal(accel('Move to Trash…'), 'Delete')
  assert.equal(
    items(
      menuTemplate(
        () => undefined,
        true,
        () => undefined,
      ),
    ).find((i) => i.label === 'Move to Trash…')?.accelerator,
    'Cmd+Backspace',
  )
})
