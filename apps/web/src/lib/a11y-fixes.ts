/**
 * antd-mobile's NavBar always renders its left area as role="button", even with no back arrow, and
 * without a name. One observer fixes every bar (the frame's and screens' own): a back arrow gets the
 * name "Back", an empty left area stops claiming to be a button; scrolling tab strips get keyboard focus.
 */
export function watchNavBars(backLabel: () => string) {
  if (typeof MutationObserver === 'undefined') return;
  const fix = () => {
    for (const el of document.querySelectorAll<HTMLElement>('.adm-nav-bar-left[role="button"]')) {
      if (el.querySelector('.adm-nav-bar-back')) {
        if (el.getAttribute('aria-label') !== backLabel()) el.setAttribute('aria-label', backLabel());
        if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
      } else {
        el.removeAttribute('role');
        el.removeAttribute('aria-label');
        el.removeAttribute('tabindex');
      }
    }
    // Tab strips that scroll sideways must be reachable from the keyboard.
    for (const el of document.querySelectorAll<HTMLElement>(
      '.adm-capsule-tabs-tab-list:not([tabindex]), .adm-tabs-tab-list:not([tabindex])',
    ))
      el.setAttribute('tabindex', '0');
  };
  fix();
  new MutationObserver(fix).observe(document.body, { childList: true, subtree: true });
}
