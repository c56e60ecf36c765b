/** Routes outside the catalogue that browsers call directly; zod-free so the app can import them cheaply. */
export const AI_TALK_STREAM_PATH = '/api/applet/aiTalkStream';
