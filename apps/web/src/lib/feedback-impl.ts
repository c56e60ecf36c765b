import { Dialog, Toast } from 'antd-mobile';
import { timing } from '@pinyou/contract';

export function toast(text: string, icon?: 'success' | 'fail') {
  Toast.show({ content: text, icon, duration: timing.toastMs });
}
export function loading(on: boolean, text: string) {
  if (on) Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false });
  else Toast.clear();
}
export function alert(title: string, content: string, confirmText: string, blocking = false) {
  return new Promise<void>((resolve) => {
    Dialog.alert({ title, content, confirmText, closeOnMaskClick: !blocking, onConfirm: () => resolve() });
  });
}
