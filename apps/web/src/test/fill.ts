import type userEvent from '@testing-library/user-event';

/**
 * Puts `text` into an empty or cleared field as a paste does: one input event instead of one per
 * key. Typing key by key costs about a second per form in jsdom on a loaded machine; tests whose
 * subject is the keys themselves (Enter to add a tag, a field that filters keys) still type.
 */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}
