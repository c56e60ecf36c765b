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

/** A long poll: each call waits on the server until staff write, so a reply shows at once; a pause after a failure. */
const RETRY_MS = 3000;

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
    let first = true;
    const poll = async () => {
      let failed = false;
      let open = false;
      try {
        // The first call answers at once (the history); later ones wait for what is new, while the chat is in view.
        const d = await supportMessages(last.current, !first && !document.hidden);
        first = false;
        if (stopped) return;
        setConv(d.conversation);
        setContacts(d.contacts);
        open = !!d.conversation && d.conversation.status !== 'closed';
        if (d.list.length) {
          last.current = d.list[d.list.length - 1].id;
          setList((l) => [...l, ...d.list.filter((m) => !l.some((x) => x.id === m.id))]);
        }
      } catch {
        failed = true; /* the client already told the user; try again shortly */
      }
      // Only an open conversation is held by the server; otherwise (and on failure or out of view) wait here.
      if (!stopped) timer = setTimeout(poll, failed || !open ? RETRY_MS : document.hidden ? RETRY_MS * 5 : 0);
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
