import path from 'node:path';
import type { Browser, BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { audit } from '../support/axe.ts';
import { exchange, send } from '../support/chat.ts';
import {
  type Account,
  apiAs,
  createAccount,
  createAccounts,
  createPublicEvent,
  expect,
  signInAs,
  test,
} from '../support/fixtures.ts';

/**
 * Friends and chat with two (or three) people in separate browser contexts: every live update
 * arrives over the socket, without a reload.
 */

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'screenshots');

// --- API helpers (test data is made through the public API) ------------------------------------

/** Calls the API as `account` (any answer of 300 or more fails the test). */
const post = (account: Account, url: string, data: object) => apiAs<unknown>(account, 'post', url, data);

/** Ana and Ben, friends already. */
async function anaAndBenFriends() {
  const [ana, ben] = await createAccounts('Ana Sousa', 'Ben Carter');
  await befriend(ana, ben);
  return [ana, ben] as const;
}

async function befriend(a: Account, b: Account) {
  await post(a, '/api/friends/request', { receiverId: b.id });
  await post(b, '/api/friends/accept', { requesterId: a.id });
}

/** A public board-game evening three days ahead, as `organizer`: its id. */
const boardGameEvening = async (organizer: Account, title: string) =>
  (
    await createPublicEvent(
      organizer,
      { hoursAhead: 72, hours: 2 },
      {
        title,
        description: 'Bring a board game or just come and learn one.',
        location: 'Central Library, Room 2',
        isFree: true,
        tags: ['games'],
      },
    )
  ).id;

// --- Browser helpers -------------------------------------------------------------------------

/**
 * Watches a page's Socket.IO websockets (one per page load): how many handshakes the server
 * accepted, and how many room joins it acknowledged with ok. Tests take a `mark` before an action
 * and wait for the socket to be `ready` after it, so they only send once the other side listens.
 */
function watchSocket(page: Page) {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') frames.push(payload);
    });
  });
  const count = () => ({
    connections: frames.filter((f) => f.startsWith('40')).length,
    joins: frames.filter((f) => /^43\d+\[\{"ok":true\}\]$/.test(f)).length,
  });
  return { mark: count, count };
}

type SocketMark = ReturnType<ReturnType<typeof watchSocket>['mark']>;

interface Person {
  account: Account;
  context: BrowserContext;
  page: Page;
  socket: ReturnType<typeof watchSocket>;
}

const NOTHING: SocketMark = { connections: 0, joins: 0 };

/** Waits until, since `mark`, the page has a connected socket (a new one after a page load) and `joins` more rooms. */
async function ready(person: Person, mark: SocketMark, { joins = 0, reloaded = false } = {}) {
  const who = person.account.username;
  await expect
    .poll(() => person.socket.count().connections, { message: `${who}'s socket connects` })
    .toBeGreaterThan(reloaded ? mark.connections : 0);
  await expect
    .poll(() => person.socket.count().joins, { message: `${who} joins ${joins} more room(s)` })
    .toBeGreaterThanOrEqual(mark.joins + joins);
}

async function openAs(browser: Browser, account: Account, route: string, joins = 0): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const person = { account, context, page, socket: watchSocket(page) };
  await signInAs(page, account, route);
  await ready(person, NOTHING, { joins });
  return person;
}

/** Closes each person's browser context. */
const leave = (...people: Person[]) => Promise.all(people.map((p) => p.context.close()));

const name = (account: Account) => account.username ?? account.fullName;

// --- Journeys --------------------------------------------------------------------------------

test('a friend request, sent and accepted live: toasts, badge and button states', async ({ browser }) => {
  const [ana, ben] = await createAccounts('Ana Sousa', 'Ben Carter');
  const a = await openAs(browser, ana, `/user/${ben.id}`);
  const b = await openAs(browser, ben, `/user/${ana.id}`);

  await expect(b.page.getByRole('button', { name: 'Connect' })).toBeVisible();
  await a.page.getByRole('button', { name: 'Connect' }).click();
  await expect(a.page.getByRole('button', { name: 'Sent' })).toBeDisabled();
  await expect(a.page.getByText('Friend request sent successfully')).toBeVisible();

  // Ben is on Ana's profile: the spec's own toast, and the button turns into Accept / Decline.
  await expect(b.page.getByText('You received a new friend request!')).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expect(
    b.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Friends \(1 friend request\)/ }),
  ).toBeVisible();

  await b.page.getByRole('button', { name: 'Accept' }).click();
  await expect(b.page.getByRole('button', { name: 'Friends', exact: true })).toBeDisabled();
  await expect(b.page.getByRole('link', { name: /Friends \(1 friend request\)/ })).toHaveCount(0);

  // Ana hears about it at once, and her button follows.
  await expect(a.page.getByText(`${name(ben)} accepted your friend request`)).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Friends', exact: true })).toBeDisabled();

  // Elsewhere the toast names the sender.
  const cleo = await createAccount({ fullName: 'Cleo Park' });
  await post(cleo, '/api/friends/request', { receiverId: ana.id });
  await expect(a.page.getByText(`${name(cleo)} sent you a friend request!`)).toBeVisible();

  // The requests tab: accept and decline, with the count on the tab.
  await a.page.goto('/friends?tab=requests');
  await expect(a.page.getByRole('tab', { name: /Friend Requests\s*1/ })).toBeVisible();
  await a.page.getByRole('button', { name: `Decline ${name(cleo)}` }).click();
  await expect(a.page.getByText('No friend requests right now.')).toBeVisible();
  await a.page.getByRole('tab', { name: /Friends\s*1/ }).click();
  await expect(a.page.getByRole('link', { name: name(ben) })).toBeVisible();

  await leave(a, b);
});

test('a direct conversation, both ways in real time', async ({ browser }) => {
  const [ana, ben] = await anaAndBenFriends();
  const a = await openAs(browser, ana, `/messages/${ben.id}`, 1);
  const b = await openAs(browser, ben, `/messages/${ana.id}`, 1);

  const aLog = a.page.getByRole('log', { name: `Conversation with ${name(ben)}` });
  const bLog = b.page.getByRole('log', { name: `Conversation with ${name(ana)}` });

  await send(a.page, `Message ${name(ben)}`, '  Are you coming on Thursday?  ');
  await expect(bLog.getByText('Are you coming on Thursday?')).toBeVisible();
  await expect(aLog.getByText('Are you coming on Thursday?')).toHaveCount(1);
  await send(b.page, `Message ${name(ana)}`, 'Yes, I will bring Catan.');
  await expect(aLog.getByText('Yes, I will bring Catan.')).toBeVisible();
  // On a conversation page no message toast shows.
  await expect(a.page.getByText(`New message from ${name(ben)}`)).toHaveCount(0);

  // Whitespace alone is not sent.
  await a.page.getByLabel(`Message ${name(ben)}`).fill('    ');
  await expect(a.page.getByRole('button', { name: 'Send' })).toBeDisabled();

  // Away from the thread: a toast, the unread badge in the header and in the list.
  let mark = b.socket.mark();
  await b.page.goto('/messages');
  await expect(b.page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  await ready(b, mark, { reloaded: true, joins: 1 });
  await send(a.page, `Message ${name(ben)}`, 'See you there!');
  await expect(b.page.getByText(`New message from ${name(ana)}`)).toBeVisible();
  await expect(b.page.getByText('1 unread', { exact: true })).toBeVisible();
  await expect(b.page.getByRole('link', { name: /Messages \(1 unread message\)/ }).first()).toBeVisible();
  await b.page.getByRole('link', { name: `Open conversation with ${name(ana)}` }).click();
  await expect(b.page).toHaveURL(new RegExp(`/messages/${ana.id}$`));
  await expect(bLog.getByText('See you there!')).toBeVisible();
  await expect(b.page.getByRole('link', { name: /unread message/ })).toHaveCount(0);

  // The friends page's Message button opens the same conversation in a dialog.
  mark = b.socket.mark();
  await b.page.goto('/friends');
  await b.page.getByRole('button', { name: `Message ${name(ana)}` }).click();
  const dialog = b.page.getByRole('dialog', { name: `Chat with ${name(ana)}` });
  await expect(dialog.getByText('See you there!')).toBeVisible();
  await ready(b, mark, { reloaded: true, joins: 1 });
  await send(a.page, `Message ${name(ben)}`, 'Live in the dialog too');
  await expect(dialog.getByText('Live in the dialog too')).toBeVisible();
  await b.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await leave(a, b);
});

test('a friend group: create it, open its chat, talk live, and go back', async ({ browser }) => {
  const [ana, ben] = await anaAndBenFriends();
  const a = await openAs(browser, ana, '/friends?tab=groups');

  await a.page.getByRole('button', { name: 'Create group' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Create a group' });
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Choose at least one member')).toBeVisible();
  await dialog.getByLabel('Group name').fill('Board game night');
  await dialog.getByRole('checkbox', { name: name(ben) }).check();
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(a.page.getByRole('heading', { name: 'Board game night' })).toBeVisible();

  await ready(a, NOTHING, { joins: 1 });
  const b = await openAs(browser, ben, '/friends?tab=groups');
  const mark = b.socket.mark();
  await b.page.getByRole('button', { name: 'Open chat of Board game night' }).click();
  await ready(b, mark, { joins: 1 });

  await exchange(
    a.page,
    b.page,
    { log: 'Board game night chat messages', box: 'Message Board game night' },
    'Who brings snacks?',
    'I will!',
  );

  await b.page.getByRole('button', { name: 'Back to groups' }).click();
  await expect(b.page.getByRole('heading', { name: 'Your groups' })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Open chat of Board game night' })).toBeFocused();

  await leave(a, b);
});

test('event chat and a sub-group created by the organizer with a friend', async ({ browser }) => {
  const [ana, ben] = await anaAndBenFriends();
  const eventId = await boardGameEvening(ana, 'Thursday board games');
  const a = await openAs(browser, ana, `/event/${eventId}`, 1);
  const b = await openAs(browser, ben, `/event/${eventId}`, 1);
  await expect(a.page.getByRole('heading', { name: 'Event chat' })).toBeVisible();

  await exchange(
    b.page,
    a.page,
    { log: 'Event chat messages', box: 'Message the event chat' },
    'Is there parking nearby?',
    'Yes, behind the library.',
  );

  // The organizer makes a sub-group with Ben.
  await expect(b.page.getByText('You are not in any sub-group of this event.')).toBeVisible();
  await a.page.getByRole('button', { name: 'New sub-group' }).click();
  await a.page.getByRole('button', { name: 'Create sub-group' }).click();
  await expect(a.page.getByText('Name is required')).toBeVisible();
  await a.page.getByLabel('Sub-group name').fill('Carpool');
  await a.page.getByRole('checkbox', { name: name(ben) }).check();
  await a.page.getByRole('button', { name: 'Create sub-group' }).click();
  await expect(a.page.getByRole('heading', { name: 'Carpool', exact: true })).toBeVisible();
  await expect(a.page.getByText('2 members')).toBeVisible();

  // Rename: one at a time.
  await a.page.getByRole('button', { name: 'Rename Carpool' }).click();
  await a.page.getByLabel('New name for Carpool').fill('Carpool from downtown');
  await a.page.getByRole('button', { name: 'Save' }).click();
  await expect(a.page.getByRole('heading', { name: 'Carpool from downtown' })).toBeVisible();

  // Ben sees the sub-group on his next visit (event chat and sub-group chat: two rooms).
  const bMark = b.socket.mark();
  await b.page.reload();
  await b.page.getByRole('button', { name: 'Show chat' }).click();
  await ready(b, bMark, { reloaded: true, joins: 2 });
  const aMark = a.socket.mark();
  await a.page.getByRole('button', { name: 'Show chat' }).click();
  await ready(a, aMark, { joins: 1 });

  const { toLog: bSub } = await exchange(
    a.page,
    b.page,
    { log: 'Carpool from downtown chat messages', box: 'Message Carpool from downtown' },
    'Leaving at 6:15 from the station.',
    'Save me a seat!',
  );
  await b.page.getByRole('button', { name: 'Hide chat' }).click();
  await expect(bSub).toBeHidden();

  // The organizer's view, with the sub-group's chat open: accessible (the panel is ours; the rest
  // of the event page is audited by the events suite), and looked at.
  await audit(a.page, 'the event social panel with a sub-group chat open', [
    'section[aria-labelledby="event-chat-heading"]',
    'section[aria-labelledby="event-subgroups-heading"]',
  ]);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await a.page.setViewportSize(size);
    await a.page.evaluate(() => window.scrollTo(0, 0));
    await a.page.screenshot({
      path: path.join(SCREENSHOTS, `social-${size.width}x${size.height}-event.png`),
      fullPage: true,
      animations: 'disabled',
    });
    await a.page.locator('section[aria-labelledby="event-subgroups-heading"]').screenshot({
      path: path.join(SCREENSHOTS, `social-${size.width}x${size.height}-event-subgroups.png`),
    });
  }
  await a.page.setViewportSize({ width: 1280, height: 800 });

  // Delete, after a confirmation.
  await a.page.getByRole('button', { name: 'Delete Carpool from downtown' }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Delete sub-group' }).click();
  await expect(a.page.getByText('No sub-groups yet.', { exact: false })).toBeVisible();

  await leave(a, b);
});

test('after a dropped connection the rooms are rejoined and what was missed is fetched', async ({
  browser,
}) => {
  const [ana, ben] = await createAccounts('Ana Sousa', 'Ben Carter');
  const context = await browser.newContext();
  const page = await context.newPage();
  // Ben's socket goes through a proxy the test can cut, and hold new connections until it lets go.
  let gate = Promise.resolve();
  let open = () => {};
  let live: WebSocketRoute | undefined;
  const fromServer: string[] = [];
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await gate;
    live = ws;
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (typeof message === 'string') fromServer.push(message);
      ws.send(message);
    });
  });
  const joins = () => fromServer.filter((f) => /^43\d+\[\{"ok":true\}\]$/.test(f)).length;

  await signInAs(page, ben, '/messages');
  const general = page.getByRole('log', { name: 'General chat messages' });
  await expect(general).toBeVisible();
  await expect.poll(joins, { message: 'Ben joins the general chat' }).toBe(1);

  gate = new Promise((resolve) => {
    open = resolve;
  });
  await live?.close();
  await post(ana, '/api/group-messages', { content: 'Sent while you were away' });
  await page.waitForTimeout(1500);
  await expect(general.getByText('Sent while you were away')).toHaveCount(0);

  open();
  await expect(general.getByText('Sent while you were away')).toBeVisible();
  await expect.poll(joins, { message: 'Ben joins the general chat again' }).toBe(2);
  await post(ana, '/api/group-messages', { content: 'And this one arrives live' });
  await expect(general.getByText('And this one arrives live')).toBeVisible();
  await expect(general.getByText('Sent while you were away')).toHaveCount(1);
  await context.close();
});

test('friends, messages, a conversation and a profile with data: axe and screenshots', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [ana, ben, cleo, dev] = await createAccounts('Ana Sousa', 'Ben Carter', 'Cleo Park', 'Dev Patel');
  await befriend(ana, ben);
  await befriend(ana, dev);
  await post(cleo, '/api/friends/request', { receiverId: ana.id });
  const eve = await createAccount({ fullName: 'Eve Adams' });
  await post(ana, '/api/friends/request', { receiverId: eve.id });
  await post(ana, '/api/friend-groups', { name: 'Running crew', members: [ben.id, dev.id] });
  await post(ben, '/api/messages', { receiver: ana.id, content: 'Morning! Still on for the 7am run?' });
  await post(ana, '/api/messages', { receiver: ben.id, content: 'Yes, meet at the fountain.' });
  await post(dev, '/api/messages', { receiver: ana.id, content: 'Can I borrow your tent this weekend?' });
  await post(ben, '/api/group-messages', { content: 'Welcome to the town square, everyone!' });
  await post(ana, '/api/group-messages', { content: 'Farmers market moves to Saturday this week.' });

  const a = await openAs(browser, ana, '/friends');
  const pages = [
    { path: '/friends', file: 'friends', ready: a.page.getByRole('link', { name: name(ben) }) },
    {
      path: '/friends?tab=requests',
      file: 'friends-requests',
      ready: a.page.getByRole('button', { name: `Accept ${name(cleo)}` }),
    },
    {
      path: '/friends?tab=groups',
      file: 'friends-groups',
      ready: a.page.getByRole('heading', { name: 'Running crew' }),
    },
    {
      path: '/messages',
      file: 'messages',
      ready: a.page.getByText('Farmers market moves to Saturday this week.'),
    },
    {
      path: `/messages/${ben.id}`,
      file: 'conversation',
      ready: a.page.getByRole('log').getByText('Yes, meet at the fountain.'),
    },
    {
      path: `/user/${cleo.id}`,
      file: 'profile-request-received',
      ready: a.page.getByRole('button', { name: 'Accept' }),
    },
    {
      path: `/user/${ben.id}`,
      file: 'profile-friends',
      ready: a.page.getByRole('button', { name: 'Friends', exact: true }),
    },
    {
      path: `/user/${eve.id}`,
      file: 'profile-request-sent',
      ready: a.page.getByRole('button', { name: 'Sent' }),
    },
  ];
  for (const { path: route, file, ready } of pages) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      await a.page.setViewportSize(size);
      await a.page.goto(route);
      await expect(ready).toBeVisible();
      await expect(a.page.locator('main h1').first()).toBeVisible();
      if (size.width === 1280) await audit(a.page, route);
      else {
        const overflow = await a.page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${route} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
      }
      await a.page.screenshot({
        path: path.join(SCREENSHOTS, `social-${size.width}x${size.height}-${file}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
  }

  // Open dialogs and a group's chat stay accessible too.
  await a.page.setViewportSize({ width: 1280, height: 800 });
  await a.page.goto('/friends');
  await a.page.getByRole('button', { name: `Message ${name(ben)}` }).click();
  await expect(a.page.getByRole('dialog').getByText('Yes, meet at the fountain.')).toBeVisible();
  await audit(a.page, '/friends with the chat dialog open');
  await a.page.screenshot({ path: path.join(SCREENSHOTS, 'social-1280x800-friends-chat-dialog.png') });
  await a.page.setViewportSize({ width: 375, height: 812 });
  await a.page.screenshot({ path: path.join(SCREENSHOTS, 'social-375x812-friends-chat-dialog.png') });
  await a.page.keyboard.press('Escape');

  // The mobile menu carries the same badges.
  await a.page.goto('/messages');
  await a.page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    a.page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: /Friends \(1 friend request\)/ }),
  ).toBeVisible();
  await audit(a.page, 'mobile menu open');
  await a.page.screenshot({ path: path.join(SCREENSHOTS, 'social-375x812-mobile-menu.png') });

  await a.page.setViewportSize({ width: 1280, height: 800 });
  await a.page.goto('/friends?tab=groups');
  await a.page.getByRole('button', { name: 'Open chat of Running crew' }).click();
  await expect(a.page.getByRole('heading', { name: 'Running crew' })).toBeVisible();
  await audit(a.page, '/friends group chat');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await a.page.setViewportSize(size);
    await a.page.screenshot({
      path: path.join(SCREENSHOTS, `social-${size.width}x${size.height}-group-chat.png`),
      fullPage: true,
    });
  }
  await leave(a);
});
