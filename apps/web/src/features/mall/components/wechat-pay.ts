import { paths } from '../../../lib/paths.ts';
import { toUrl } from '../../../lib/nav.ts';
import { endSettle, settleKeyFor } from '../model.ts';
import { startWxPay } from '../api/wx-pay.ts';

interface WxBridge {
  invoke(name: string, params: Record<string, string>, cb: (r: { err_msg?: string }) => void): void;
}
interface WxMini {
  miniProgram?: { navigateTo(o: { url: string }): void };
}

/** Where the customer lands after WeChat Pay: the payDone screen asking getWxPayResult. */
export const wxReturnUrl = (outTradeNo: string) => `#${toUrl(paths.payDone, { kind: 'mallwx', id: outTradeNo })}`;

/**
 * Pays orders by WeChat Pay (getWxPay): inside the mini-program's web view it hands over to the
 * mini-program's payment page; inside WeChat it uses JSAPI; elsewhere it opens the pay page (H5 or the
 * sandbox), which comes back to payDone. The same orders keep one idempotency key until it succeeds.
 */
export async function payByWechat(orderIds: number[]): Promise<'started' | 'needs-wechat'> {
  const sig = `wx:${[...orderIds].sort((a, b) => a - b).join(',')}`;
  const r = await startWxPay({ orderIds, idempotencyKey: settleKeyFor(sig) });
  endSettle(sig);
  const back = wxReturnUrl(r.out_trade_no).slice(1);
  const w = window as unknown as { __wxjs_environment?: string; wx?: WxMini; WeixinJSBridge?: WxBridge };
  if (w.__wxjs_environment === 'miniprogram' && w.wx?.miniProgram && r.mini_program_path) {
    const sep = r.mini_program_path.includes('?') ? '&' : '?';
    w.wx.miniProgram.navigateTo({ url: `${r.mini_program_path}${sep}out_trade_no=${encodeURIComponent(r.out_trade_no)}` });
    return 'started';
  }
  if (r.jsapi && w.WeixinJSBridge) {
    await new Promise<void>((done) => w.WeixinJSBridge!.invoke('getBrandWCPayRequest', r.jsapi!, () => done()));
    window.location.hash = back;
    return 'started';
  }
  if (r.pay_url) {
    const target = r.pay_url.startsWith('/') ? `/#${back}` : `${window.location.origin}/#${back}`;
    window.location.assign(`${r.pay_url}${r.pay_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(target)}`);
    return 'started';
  }
  // JSAPI parameters only, outside WeChat: nothing here can take the payment.
  return 'needs-wechat';
}
