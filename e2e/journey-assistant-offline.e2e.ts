import { expect, test } from '@playwright/test';
import { freshPhone, registerFromHome, stepper, text } from './journey-steps.ts';

/**
 * Issue 34, journey (d): the assistant offline and back, in each language at 390 px (every step again at 320 px).
 * A new customer asks the assistant a question and gets an answer; the server stops answering (every API call
 * fails): the conversation stays on screen, and the next question stays in the box with a retry; the server is
 * back: the retry sends it. Only taps and typing after the first page load.
 */
const questions = {
  en: ['Can a power bank go by air?', 'How long does sea freight take?'],
  zh_CN: ['充电宝可以走空运吗？', '海运要多久？'],
};

for (const lang of ['en', 'zh_CN'] as const) {
  test(`${lang}: the assistant keeps the conversation and the unsent question when the server fails`, async ({ browser }) => {
    test.setTimeout(240_000);
    const { page, errors } = await freshPhone(browser, lang);
    const step = stepper('assistant-offline', lang);
    await page.goto('/');
    await expect(page.locator('.adm-tab-bar')).toBeVisible();
    await registerFromHome(page, browser, lang);

    // Home → customer service → the assistant.
    await page.locator('.adm-tab-bar-item').nth(0).click();
    await page.getByRole('button', { name: text(lang, 'home.service'), exact: true }).click();
    await expect(page.getByTestId('support')).toBeVisible();
    await page.getByRole('button', { name: text(lang, 'content.support.askAssistant') }).click();
    const chat = page.getByTestId('ai-talk');
    await expect(chat).toBeVisible();
    await step(page, 'assistant');

    const [first, second] = questions[lang];
    await chat.getByTestId('chat-input').fill(first);
    await chat.getByTestId('chat-send').click();
    await expect(chat.getByTestId('msg-user')).toHaveCount(1);
    await expect(chat.getByTestId('msg-assistant')).toHaveCount(1, { timeout: 30_000 });
    await step(page, 'answered');

    // The server stops answering.
    await page.route('**/api/**', (route) => route.abort('connectionfailed'));
    await chat.getByTestId('chat-input').fill(second);
    await chat.getByTestId('chat-send').click();
    await expect(chat.getByTestId('chat-unsent')).toBeVisible();
    await expect(chat.getByTestId('chat-input')).toHaveValue(second);
    await expect(chat.getByTestId('msg-user')).toHaveCount(1);
    await expect(chat.getByTestId('msg-user').first()).toContainText(first);
    await expect(chat.getByTestId('msg-assistant')).toHaveCount(1);
    await step(page, 'offline-unsent');

    // Back: the retry sends the question that waited in the box.
    await page.unroute('**/api/**');
    await chat.getByTestId('chat-retry').click();
    await expect(chat.getByTestId('chat-unsent')).toHaveCount(0);
    await expect(chat.getByTestId('msg-user')).toHaveCount(2);
    await expect(chat.getByTestId('msg-user').last()).toContainText(second);
    await expect(chat.getByTestId('msg-assistant')).toHaveCount(2, { timeout: 30_000 });
    await expect(chat.getByTestId('chat-input')).toHaveValue('');
    await step(page, 'back-online');
    expect(errors).toEqual([]);
    await page.context().close();
  });
}
