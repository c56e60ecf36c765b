// The content module's public face: the app builds the module; providers pick the assistant's model.
export { createContentModule } from './content.module.ts';
export { OfflineChatModel, OpenAiChatModel, type ChatModel } from './assistant.provider.ts';
export type { AssistantData, MallOrdersInfo, ParcelInfo } from './assistant.tools.ts';
