/** "2030-03-08T19:00" (what a datetime-local input takes) in the browser's local time, `days` from now. */
export function localInput(days: number, hour: number, minute = 0): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setHours(hour, minute, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
