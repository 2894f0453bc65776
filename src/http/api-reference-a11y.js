// Names and focus Swagger UI leaves out, added as its parts appear (WCAG 2.1: every button named by
// what it shows, every scrolling region reachable from the keyboard).
const mend = (root) => {
  // The sign-in box is a modal dialog, named by its heading.
  for (const modal of root.querySelectorAll('.modal-ux:not([role])')) {
    const heading = modal.querySelector('.modal-ux-header h3');
    if (heading && !heading.id) heading.id = 'itinera-modal-title';
    modal.setAttribute('role', 'dialog');
    modal.setAttribute('aria-modal', 'true');
    if (heading) modal.setAttribute('aria-labelledby', heading.id);
  }
  for (const close of root.querySelectorAll('button.close-modal:not([aria-label])'))
    close.setAttribute('aria-label', 'Close');
  // A button's name must include the words it shows ("Authorize", not "Apply credentials").
  for (const button of root.querySelectorAll('button.authorize[aria-label]'))
    if (!button.getAttribute('aria-label').includes(button.textContent.trim()))
      button.removeAttribute('aria-label');
  for (const code of root.querySelectorAll(
    'pre.microlight:not([tabindex]), .highlight-code pre:not([tabindex])',
  ))
    code.setAttribute('tabindex', '0');
};
new MutationObserver(() => mend(document)).observe(document.documentElement, {
  childList: true,
  subtree: true,
});
mend(document);
