/**
 * Downloads a file from a link fetched a moment ago. A window.open after an await is taken for a
 * pop-up and blocked by mobile browsers; a clicked download link is not, and the page stays.
 */
export function downloadLink(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
