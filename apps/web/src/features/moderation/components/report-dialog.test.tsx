import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ContentMenu } from './content-menu.tsx';

type Sent = { url: string; body: unknown };

function stubServer(answer: (body: unknown) => Response) {
  const sent: Sent[] = [];
  stubFetch(async (url: string, init: RequestInit = {}) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, body });
    return answer(body);
  });
  return sent;
}

const target = { subjectType: 'message' as const, subjectId: 'm-1', label: 'the message from ada' };

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('Report from a content menu', () => {
  it('asks for a reason, sends the report with details and confirms "Report sent"', async () => {
    const sent = stubServer(() =>
      jsonResponse(
        {
          report: {
            id: 'r1',
            _id: 'r1',
            subjectType: 'message',
            subjectId: 'm-1',
            reason: 'harassment',
            details: 'Again',
            state: 'open',
            action: null,
            outcome: 'Under review',
            createdAt: new Date().toISOString(),
            resolvedAt: null,
          },
        },
        201,
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<ContentMenu name="Actions for the message from ada" report={target} />, {
      user: createSelfUser(),
    });
    await user.click(screen.getByRole('button', { name: 'Actions for the message from ada' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the message from ada' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose a reason')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    const group = screen.getByRole('group', { name: 'Why are you reporting it?' });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Harassment/ }));
    await user.type(screen.getByLabelText('Details (optional)'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('heading', { name: 'Report sent' })).toBeInTheDocument();
    expect(sent[0]).toEqual({
      url: '/api/reports',
      body: { subjectType: 'message', subjectId: 'm-1', reason: 'harassment', details: 'Again' },
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s sentence when the report is a duplicate', async () => {
    stubServer(() =>
      jsonResponse(
        {
          statusCode: 409,
          error: 'Conflict',
          message: 'You have already reported this. We will let you know what happens.',
        },
        409,
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<ContentMenu name="More" report={target} />, { user: createSelfUser() });
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    await user.click(await screen.findByRole('radio', { name: /Spam/ }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('You have already reported this. We will let you know what happens.'),
    ).toBeInTheDocument();
  });

  it('offers "Delete message" only when asked to, and nothing at all without actions', async () => {
    const onDelete = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<ContentMenu name="Mod" report={target} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Mod' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    expect(onDelete).toHaveBeenCalledOnce();
    unmount();
    renderWithApp(<ContentMenu name="Nothing" />);
    expect(screen.queryByRole('button', { name: 'Nothing' })).not.toBeInTheDocument();
  });
});
