import { useQuery } from '@tanstack/react-query';
import { contract, type ResponseOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { storage } from '../../../lib/app-storage.ts';
import { StorageKey } from '../../../lib/storage.ts';
import { contentKeys } from './keys.ts';

type History = ResponseOf<typeof contract.content.chatHistory>;
/** One copy per account: after a switch of account the other account's conversation is never shown. */
const keptKey = () => `chat-history:${storage.get<{ user_id?: number }>(StorageKey.USERINFO)?.user_id ?? 0}`;

/** The last history read in this tab: shown while the server cannot be reached, never as fresh data. */
function kept(): History | undefined {
  try {
    const v = JSON.parse(sessionStorage.getItem(keptKey()) ?? 'null') as History | null;
    return v && Array.isArray(v.list) ? v : undefined;
  } catch {
    return undefined;
  }
}

export const chatHistory = async () => {
  const h = await api.call(contract.content.chatHistory, { limit: 50 }, { loading: false });
  try {
    sessionStorage.setItem(keptKey(), JSON.stringify(h));
  } catch {
    /* a full storage only loses the offline copy */
  }
  return h;
};
export const useChatHistory = () => useQuery({ queryKey: contentKeys.chat, queryFn: chatHistory, placeholderData: kept });
