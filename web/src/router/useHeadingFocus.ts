/**
 * After each route change the page's main heading takes the focus, so a keyboard or screen-reader user starts at
 * the page and not at <body> (or on the menu entry just used). A fresh load of the document is left alone: the
 * browser starts at the top, where the skip link is. Pages show their h1 late (a lazy chunk, a loading state
 * replaced by the loaded one), so the page is watched until the user acts or a few seconds pass.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { wasHandedOver } from '../app/signInNav';

const WATCH_MS = 5_000;
/** the signed-in layout's main region; bare pages (sign-in and the like) have none */
const MAIN_ID = 'main-content';

export function useHeadingFocus(): void {
  const { key, pathname } = useLocation();
  const firstKey = useRef(key);
  // after the sign-in entry (app/signInApp) the first page is already a navigation's
  const moved = useRef(wasHandedOver());
  if (key !== firstKey.current) moved.current = true;
  const fresh = !moved.current;
  // biome-ignore lint/correctness/useExhaustiveDependencies(pathname): each new path moves the focus to its heading
  useEffect(() => {
    if (fresh) return;
    const before = document.activeElement;
    const regionNow = () => document.getElementById(MAIN_ID) ?? document.body;
    // the page may have placed the focus itself (an autofocus field, a dialog): leave it there
    const focusIsFree = () => {
      const active = document.activeElement;
      if (!active || active === document.body || active === before || !active.isConnected) return true;
      const main = document.getElementById(MAIN_ID);
      return !!main && !main.contains(active) && !active.closest('[role="dialog"], [role="alertdialog"]');
    };
    let placed: HTMLElement | null = null;
    // focus leaving a heading still shown was moved on purpose; a heading replaced (a loading state) is followed
    const onBlur = () =>
      setTimeout(() => {
        if (placed?.isConnected) stop();
      });
    const place = () => {
      const heading = regionNow().querySelector('h1');
      if (!heading || heading === document.activeElement || !focusIsFree()) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      placed?.removeEventListener('blur', onBlur);
      placed = heading;
      heading.addEventListener('blur', onBlur);
      heading.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(place);
    // focus sent anywhere but the heading (the menu, a field, a dialog) was sent on purpose: never take it back
    const onFocusIn = (e: FocusEvent) => {
      if (e.target !== placed && e.target !== document.body) stop();
    };
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      placed?.removeEventListener('blur', onBlur);
      window.removeEventListener('keydown', stop, true);
      window.removeEventListener('pointerdown', stop, true);
      window.removeEventListener('focusin', onFocusIn, true);
    };
    const timer = setTimeout(stop, WATCH_MS);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('keydown', stop, true);
    window.addEventListener('pointerdown', stop, true);
    window.addEventListener('focusin', onFocusIn, true);
    place();
    return stop;
  }, [pathname, fresh]);
}
