import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreen, click, getButton, renderScreen, stubFetch, typeInto } from '../../test-utils/screen';
import { TwoFactorAdminCard } from './two-factor-admin-card';

afterEach(cleanupScreen);

const userId = '0b6f0a52-7f5e-4c8e-9b1a-3d2f1e0c9a77';
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 100)));

describe("the admin's two-factor card", () => {
  it('shows that two-factor is on and resets it with the reason after confirmation', async () => {
    let enabled = true;
    const posts: { url: string; body: unknown }[] = [];
    stubFetch((url, init) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        enabled = false;
        return Response.json({ data: { success: true } });
      }
      return Response.json({
        data: {
          enabled,
          enabledAt: enabled ? '2026-05-01T10:00:00.000Z' : null,
          recoveryCodesLeft: 7,
          required: false,
        },
      });
    });
    renderScreen(<TwoFactorAdminCard user={{ _id: userId, name: 'Ann Lee' }} />);
    await settle();
    expect(document.body.textContent).toContain('7 recovery codes left');
    await click(getButton('Reset two-factor'));
    await settle();
    expect(posts).toHaveLength(0);
    const reason = document.querySelector('textarea');
    if (!reason) throw new Error('no reason field');
    await typeInto(reason, 'Lost phone');
    const confirm = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Reset');
    if (!confirm) throw new Error('no Reset button');
    await click(confirm);
    await settle();
    expect(posts).toEqual([{ url: `/api/admin/users/${userId}/2fa/reset`, body: { reason: 'Lost phone' } }]);
    expect(document.body.textContent).toContain('This account logs in with the password alone.');
  });
});
