import { describe, expect, it } from 'vitest';
import { keepAccessible, repairAccessibility } from './accessibility';

// SuperDoc 1.46.3's markup as it renders it (trimmed): the editable element and the toolbar's Font size.
const EDITABLE =
  '<div class="ProseMirror" contenteditable="true" role="document" aria-multiline="true"></div>';
const FONT_SIZE =
  '<div class="sd-toolbar-item" role="button" aria-label="Font size" tabindex="0">' +
  '<input type="text" id="inlineTextInput-fontSize">' +
  '<button type="button" aria-label="Font size options" tabindex="-1"></button></div>';
const BOLD = '<div class="sd-toolbar-item" role="button" aria-label="Bold" tabindex="0"><svg></svg></div>';

function host(html: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
}

describe('SuperDoc markup repairs', () => {
  it('makes the editable a text box, and Font size a labelled group whose field has its label', () => {
    const root = host(EDITABLE + FONT_SIZE + BOLD);
    repairAccessibility(root);
    expect(root.querySelector('.ProseMirror')?.getAttribute('role')).toBe('textbox');
    const fontSize = root.querySelector('[aria-label="Font size"]');
    expect(fontSize?.getAttribute('role')).toBe('group');
    expect(fontSize?.querySelector('input')?.getAttribute('aria-label')).toBe('Font size');
    // A control's own label stays; a plain button stays a button.
    expect(fontSize?.querySelector('button')?.getAttribute('aria-label')).toBe('Font size options');
    expect(root.querySelector('[aria-label="Bold"]')?.getAttribute('role')).toBe('button');
  });

  it('repairs what SuperDoc renders later, and a role it sets again', async () => {
    const root = host('');
    const repairs = keepAccessible(root);
    root.insertAdjacentHTML('beforeend', EDITABLE + FONT_SIZE);
    await Promise.resolve();
    const editable = root.querySelector('.ProseMirror');
    expect(editable?.getAttribute('role')).toBe('textbox');
    expect(root.querySelector('input')?.getAttribute('aria-label')).toBe('Font size');
    editable?.setAttribute('role', 'document'); // its style pass runs again
    await Promise.resolve();
    expect(editable?.getAttribute('role')).toBe('textbox');
    // An editable outside the root (SuperDoc's off-screen host), once shown to the repairs.
    const outside = host(EDITABLE).firstElementChild as Element;
    repairs.watch(outside);
    expect(outside.getAttribute('role')).toBe('textbox');
    outside.setAttribute('role', 'document');
    await Promise.resolve();
    expect(outside.getAttribute('role')).toBe('textbox');
    repairs.stop();
  });
});
