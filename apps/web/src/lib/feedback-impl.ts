import { Dialog, Toast } from 'antd-mobile';
import { timing } from '@pinyou/contract';

// antd-mobile shows one toast at a time: a loading toast for every request replaced the success toast a
// screen had just shown ("You joined …", "… collected") when the refetch that followed started, and
// clearing it at the end of the request cleared that toast too. The spinner now shows only for a request
// still running after a moment, and only the spinner is cleared.
const SPINNER_DELAY_MS = 400;
let spinnerTimer: ReturnType<typeof setTimeout> | undefined;
let spinnerShown = false;

export function toast(text: string, icon?: 'success' | 'fail') {
  spinnerShown = false;
  Toast.show({ content: text, icon, duration: timing.toastMs });
}
export function loading(on: boolean, text: string) {
  clearTimeout(spinnerTimer);
  if (on) {
    spinnerTimer = setTimeout(() => {
      Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false });
      spinnerShown = true;
    }, SPINNER_DELAY_MS);
  } else if (spinnerShown) {
    spinnerShown = false;
    Toast.clear();
  }
}
export function alert(title: string, content: string, confirmText: string, blocking = false) {
  return new Promise<void>((resolve) => {
    Dialog.alert({ title, content, confirmText, closeOnMaskClick: !blocking, onConfirm: () => resolve() });
  });
}
