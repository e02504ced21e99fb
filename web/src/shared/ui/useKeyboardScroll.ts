import { useEffect } from 'react';

// The scrolling parts of antd tables (a wide table on a narrow screen, a table with a fixed
// height). A read-only table has nothing focusable inside, so a keyboard user could not scroll it.
const SCROLLERS = '.ant-table-body:not([tabindex]), .ant-table-content:not([tabindex])';

/**
 * Makes every scrollable table region of the page reachable with the keyboard (Tab to it, then
 * the arrow keys scroll), as WCAG 2.1.1 asks. Mounted once, in the app shell; it watches the page
 * so tables that appear later are covered too.
 */
export function useKeyboardScroll() {
  useEffect(() => {
    let frame = 0;
    const mark = () => {
      frame = 0;
      document.querySelectorAll<HTMLElement>(SCROLLERS).forEach((el) => {
        el.tabIndex = 0;
      });
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(mark);
    });
    mark();
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
