/** Query keys of the sign-up sheets feature. */
export const signupKeys = {
  sheet: (eventId: string) => ['signups', eventId] as const,
};
export const sheetPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/signups`;
