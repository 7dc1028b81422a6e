import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '@renderer/i18n';
import { CallError } from '@renderer/lib/api';
import { describeError } from '@renderer/lib/describe-error';
import { ServiceStatus } from '@renderer/features/tasks/service-status';
import { installBridge, renderWithQueries } from '../fake-bridge';

function installTrackerHealth(lastError: string) {
  installBridge({ trackerHealth: () => ({ ok: true, value: { state: 'retrying', failures: 2, retryAtMs: Date.UTC(2026, 10, 24, 3, 0), lastError } }) });
}

function showStatus() {
  renderWithQueries(<ServiceStatus />);
  return screen.findByTestId('service-status');
}

afterEach(cleanup);

describe('the retry banner says why in words, never an internal code', () => {
  it('an unreadable reply (English)', async () => {
    await initI18n('en');
    installTrackerHealth('malformed_reply');
    const banner = await showStatus();
    expect(banner.textContent).toContain('an unreadable reply, perhaps from a proxy');
    expect(banner.textContent).not.toContain('malformed_reply');
  });

  it('a timeout whose outcome is unknown, and an unknown code (Chinese)', async () => {
    await initI18n('zh-CN');
    await changeLanguage('zh-CN');
    installTrackerHealth('timeout.outcome_unknown');
    let banner = await showStatus();
    expect(banner.textContent).toContain('服务应答超时');
    expect(banner.textContent).not.toMatch(/timeout|outcome_unknown/);
    cleanup();
    installTrackerHealth('SomeInternalError');
    banner = await showStatus();
    expect(banner.textContent).toContain('意外错误');
    expect(banner.textContent).not.toContain('SomeInternalError');
  });
});

describe('advice for an unreadable reply depends on its status', () => {
  const malformed = (status: number) =>
    new CallError({ code: 'malformed_reply', message: `The fax service sent a reply FaxDesk could not read (HTTP ${status}).`, details: { status } });

  it('a proxy’s HTML 502 is a temporary problem, in both languages; a 200 that is not the service means check the address', async () => {
    await initI18n('en');
    await changeLanguage('en');
    expect(describeError(malformed(502), 'account')).toBe('The fax service had a temporary problem. Try again in a few minutes.');
    expect(describeError(malformed(200), 'account')).toMatch(/Check the service address/);
    await changeLanguage('zh-CN');
    expect(describeError(malformed(503), 'account')).toBe('传真服务出现临时故障。请几分钟后重试。');
    expect(describeError(malformed(200), 'account')).toMatch(/检查服务地址/);
  });
});
