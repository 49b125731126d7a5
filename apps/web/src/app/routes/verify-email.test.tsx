import { screen } from '@testing-library/react';
import { MSG } from '@townsquare/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { VerifyEmailPage } from './verify-email.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage, failed', () => {
  it('says the server sentence once when it is the default one', async () => {
    stubFetch(async () =>
      jsonResponse({ statusCode: 400, error: 'Bad Request', message: MSG.verificationTokenInvalid }, 400),
    );
    renderWithApp(<VerifyEmailPage />, { path: '/verify-email?token=used-token' });
    expect(await screen.findByRole('heading', { name: 'Email verification failed' })).toBeInTheDocument();
    expect(screen.getAllByText(MSG.verificationTokenInvalid)).toHaveLength(1);
  });

  it('adds the default sentence under a different server message', async () => {
    stubFetch(async () =>
      jsonResponse({ statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }, 429),
    );
    renderWithApp(<VerifyEmailPage />, { path: '/verify-email?token=some-token' });
    expect(await screen.findByText('Slow down')).toBeInTheDocument();
    expect(screen.getAllByText(MSG.verificationTokenInvalid)).toHaveLength(1);
  });
});
