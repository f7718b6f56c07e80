// @vitest-environment jsdom
/**
 * A builder's undo and redo as its user meets them: the two buttons (named, and disabled with no step to take),
 * the keyboard's shortcuts (not while a field has the focus), and typing in one field made one step.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { type DraftHistory, useDraftHistory, useUndoShortcuts } from './useDraftHistory';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let builder: DraftHistory<string>;
// loaded after i18next starts: the buttons' module adds the template texts
let UndoRedoButtons: typeof import('./UndoRedoButtons').UndoRedoButtons;

function Builder() {
  builder = useDraftHistory(() => 'start');
  useUndoShortcuts(builder.dispatch);
  return (
    <>
      <UndoRedoButtons history={builder.history} dispatch={builder.dispatch} />
      <input id="field" />
    </>
  );
}

let root: Root;
const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
const draft = () => builder.history.present;
const edit = (value: string, key?: string) => act(() => builder.edit(value, key));
/** a key press as the browser sends it; whether the page took it */
function press(key: string, modifiers: KeyboardEventInit, target: Element = document.body): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers });
  act(() => target.dispatchEvent(event));
  return event.defaultPrevented;
}

beforeAll(async () => {
  localStorage.setItem('herald.lang', 'en');
  await initI18n();
  ({ UndoRedoButtons } = await import('./UndoRedoButtons'));
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  act(() => root.render(<Builder />));
});
afterAll(() => act(() => root.unmount()));

describe('undo and redo of a draft', () => {
  it('takes steps back and forth with the buttons, each disabled when there is none', () => {
    expect(button('Undo').disabled).toBe(true);
    expect(button('Redo').disabled).toBe(true);
    edit('one');
    edit('two');
    expect(button('Undo').disabled).toBe(false);
    act(() => button('Undo').click());
    expect(draft()).toBe('one');
    expect(button('Redo').disabled).toBe(false);
    act(() => button('Undo').click());
    expect(draft()).toBe('start');
    expect(button('Undo').disabled).toBe(true);
    act(() => button('Redo').click());
    expect(draft()).toBe('one');
  });

  it('answers Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y, but leaves a focused field its own undo', () => {
    expect(draft()).toBe('one');
    expect(press('z', { ctrlKey: true })).toBe(true);
    expect(draft()).toBe('start');
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(draft()).toBe('one');
    press('z', { metaKey: true });
    expect(draft()).toBe('start');
    press('y', { ctrlKey: true });
    expect(draft()).toBe('one');
    expect(press('z', { ctrlKey: true }, document.getElementById('field')!)).toBe(false);
    expect(press('z', {})).toBe(false);
    expect(draft()).toBe('one');
  });

  it('makes quick edits of one field one step, and an edit drops the steps to redo', () => {
    edit('one t', 'name');
    edit('one ty', 'name');
    edit('one typed', 'name');
    expect(button('Redo').disabled).toBe(true);
    press('z', { ctrlKey: true });
    expect(draft()).toBe('one');
  });
});
