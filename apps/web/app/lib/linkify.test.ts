import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

describe('splitLinks', () => {
  it('finds the links in an email text and leaves the rest as text', () => {
    expect(
      splitLinks('Open this link:\nhttp://localhost:8080/auth/verify-email?token=abc123\n\nThanks'),
    ).toEqual([
      { kind: 'text', text: 'Open this link:\n', at: 0 },
      { kind: 'link', href: 'http://localhost:8080/auth/verify-email?token=abc123', at: 16 },
      { kind: 'text', text: '\n\nThanks', at: 68 },
    ]);
  });
  it('keeps a full stop after a link out of the link', () => {
    expect(splitLinks('See https://example.test/a.')).toEqual([
      { kind: 'text', text: 'See ', at: 0 },
      { kind: 'link', href: 'https://example.test/a', at: 4 },
      { kind: 'text', text: '.', at: 26 },
    ]);
  });
  it('does not turn other schemes into links', () => {
    expect(splitLinks('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)', at: 0 }]);
  });
});
