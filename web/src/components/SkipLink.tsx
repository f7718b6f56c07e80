/**
 * A link met before a long run of controls (the builder's block palette, the wizard's steps) that moves the focus
 * past them. Hidden until it has the focus. `target`: an element's id, or a function finding the element.
 */
import type { MouseEvent } from 'react';
import styles from './SkipLink.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The first control after `container` in document order (outside it), for skipping past it. */
export function focusableAfter(container: Element | null): HTMLElement | null {
  if (!container) return null;
  for (const el of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (container.contains(el) || !(container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (el.checkVisibility()) return el;
  }
  return null;
}

export function SkipLink({ label, target }: { label: string; target: string | (() => HTMLElement | null) }) {
  function skip(e: MouseEvent) {
    // the hash is the router's: move the focus instead of following the link
    e.preventDefault();
    const el = typeof target === 'string' ? document.getElementById(target) : target();
    if (!el) return;
    if (!el.matches(FOCUSABLE) && !el.hasAttribute('tabindex')) el.tabIndex = -1;
    el.focus();
  }
  return (
    // skip-inline stays as a plain name: the navigation test finds the link by it
    <a className={`sr-only ${styles.skipInline} skip-inline`} href={typeof target === 'string' ? `#${target}` : '#'} onClick={skip}>
      {label}
    </a>
  );
}
