import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlaceCandidate } from '@townsquare/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { PlacePicker } from './place-picker.tsx';

afterEach(() => vi.unstubAllGlobals());

const city = (name: string, country: string, lat: number, lon: number): PlaceCandidate => ({
  id: null,
  name,
  address: '',
  city: name,
  country,
  lat,
  lon,
  timeZone: 'Europe/Berlin',
  source: 'gazetteer',
  createdAt: null,
});
const berlin = city('Berlin', 'DE', 52.52437, 13.41053);
const bernau = city('Bernau bei Berlin', 'DE', 52.67982, 13.58708);

function Picker({ onChange }: { onChange: (place: PlaceCandidate | null) => void }) {
  const [value, setValue] = useState<PlaceCandidate | null>(null);
  return (
    <>
      <label htmlFor="where">Where</label>
      <PlacePicker
        id="where"
        value={value}
        onChange={(place) => {
          setValue(place);
          onChange(place);
        }}
      />
    </>
  );
}

describe('PlacePicker', () => {
  it('"Berl" offers Berlin, picked with the keyboard alone', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ places: [berlin, bernau] }));
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Picker onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Where' });
    await user.type(box, 'Berl');
    const listbox = await screen.findByRole('listbox', { name: 'Place suggestions' });
    expect(listbox).toBeVisible();
    expect(await screen.findByRole('option', { name: 'Berlin, DE' })).toBeInTheDocument();
    // One request for the pause after typing, not one per key.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toContain(
      '/api/places/search?q=Berl',
    );
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const first = screen.getByRole('option', { name: 'Berlin, DE' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(berlin);
    expect(screen.getByTestId('picked-place')).toHaveTextContent('Berlin, DE');
    await user.click(screen.getByRole('button', { name: 'Clear place Berlin, DE' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('combobox', { name: 'Where' })).toHaveValue('');
  });

  it('says so when nothing matches, and Escape closes the list', async () => {
    stubFetch(async () => jsonResponse({ places: [] }));
    const user = userEvent.setup();
    renderWithApp(<Picker onChange={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Where' });
    await user.type(box, 'Qxz');
    await waitFor(() => expect(screen.getByText('No places found')).toBeVisible());
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
  });
});
