import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { toast } from '../../../lib/feedback.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { paths } from '../../../lib/paths.ts';
import { telHref } from '../../../lib/contact-links.ts';
import { useSystemSetting } from '../../../lib/session.ts';
import { supportMessages } from '../api/support-messages.ts';
import { supportSend } from '../api/support-send.ts';
import '../content.css';

type Data = Awaited<ReturnType<typeof supportMessages>>;
type Msg = Data['list'][number];

/** Short polling: replies reach the open chat within a few seconds; notifications cover the customer away. */
const POLL_MS = 3000;

/** Human customer service: the conversation with staff, live, plus WhatsApp and WeChat contacts. */
export default function CustomerServiceScreen() {
  useStrings('content');
  const { t } = useTranslation();
  const [conv, setConv] = useState<Data['conversation']>(null);
  const [contacts, setContacts] = useState<Data['contacts'] | null>(null);
  const [list, setList] = useState<Msg[]>([]);
  const [draft, setDraft] = useState('');
  const servicePhone = useSystemSetting().data?.service.phone ?? '';
  const last = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const d = await supportMessages(last.current);
        if (stopped) return;
        setConv(d.conversation);
        setContacts(d.contacts);
        if (d.list.length) {
          last.current = d.list[d.list.length - 1].id;
          setList((l) => [...l, ...d.list.filter((m) => !l.some((x) => x.id === m.id))]);
        }
      } catch {
        /* the client already told the user; keep polling */
      }
      if (!stopped) timer = setTimeout(poll, document.hidden ? POLL_MS * 5 : POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [list.length]);

  async function send() {
    const body = draft.trim();
    if (!body) return;
    const m = await supportSend(body);
    setDraft('');
    setList((l) => (l.some((x) => x.id === m.id) ? l : [...l, m]));
    if (!conv || conv.status === 'closed') setConv({ id: 0, status: 'waiting', staff_name: '' });
  }

  const status =
    conv?.status === 'waiting'
      ? t('content.support.waiting')
      : conv?.status === 'assigned'
        ? t('content.support.assigned', { name: conv.staff_name })
        : conv?.status === 'closed'
          ? t('content.support.closed')
          : t('content.support.empty');

  return (
    <div className="ct-chat" data-testid="support">
      {contacts && (
        <div className="ct-contacts">
          {contacts.whatsapp_url && (
            <a href={contacts.whatsapp_url} target="_blank" rel="noopener noreferrer" data-testid="whatsapp">
              {t('content.support.whatsapp', { n: contacts.whatsapp })}
            </a>
          )}
          {contacts.wechat && (
            <a
              href={contacts.wechat_url || undefined}
              onClick={() => void copyText(contacts.wechat).then((ok) => ok && toast(t('content.support.copiedWechat')))}
              data-testid="wechat"
            >
              {t('content.support.wechat', { n: contacts.wechat })}
            </a>
          )}
          {servicePhone && telHref(servicePhone) && (
            <a href={telHref(servicePhone)!} data-testid="service-phone">
              {t('content.support.call', { n: servicePhone })}
            </a>
          )}
          <Button size="small" fill="outline" onClick={() => nav.navigateTo(paths.aiTalk)}>
            {t('content.support.askAssistant')}
          </Button>
        </div>
      )}
      <div className="msgs">
        <div className="ct-msg system">
          <div className="bubble" data-testid="support-status">
            {status}
          </div>
        </div>
        {list.map((m) => (
          <div
            key={m.id}
            className={`ct-msg ${m.sender === 'customer' ? 'user' : m.sender === 'system' ? 'system' : 'assistant'}`}
            data-testid={`support-${m.sender}`}
          >
            <div className="bubble">{m.body}</div>
          </div>
        ))}
        <div ref={bottom} />
      </div>
      <form
        className="composer"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('content.support.placeholder')}
          maxLength={500}
          aria-label={t('content.support.placeholder')}
          data-testid="support-input"
        />
        <Button color="primary" type="submit" disabled={!draft.trim()} data-testid="support-send">
          {t('content.support.send')}
        </Button>
      </form>
    </div>
  );
}
