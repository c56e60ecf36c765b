/**
 * Toasts and modals, loaded on first use so the home screen's first paint does not wait for the
 * animation library they bring.
 */
const impl = () => import('./feedback-impl.ts');

let loadingWanted = false;

export function toast(text: string, icon?: 'success' | 'fail') {
  void impl().then((m) => m.toast(text, icon));
}

export function loading(on: boolean, text: string) {
  loadingWanted = on;
  // Only show the spinner if the request is still going when the module arrives.
  void impl().then((m) => m.loading(loadingWanted, text));
}

export async function alert(title: string, content: string, confirmText: string, blocking = false) {
  const m = await impl();
  return m.alert(title, content, confirmText, blocking);
}
