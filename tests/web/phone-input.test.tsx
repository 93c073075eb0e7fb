// Seed sections 5, 7 and 9: the telephone input.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhoneInput, isValidPhoneFor } from '../../src/web/components/phone/PhoneInput';
import { lookupCountry } from '../../src/web/components/phone/country-lookup';
import { renderForm } from './harness';

const LOOKUP = 'https://lookup.test/s';

/** Stubs the IP-to-country service; other URLs are not expected. */
function stubLookup(answer: string | Error | number) {
  const fetchMock = vi.fn(async (url: RequestInfo | URL) => {
    if (String(url) !== LOOKUP) throw new Error(`unexpected request to ${String(url)}`);
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'number') return new Response('', { status: answer });
    return new Response(answer, { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function setup(props: Record<string, unknown> = {}) {
  const onSubmit = vi.fn();
  renderForm(<PhoneInput source="phone" label="Phone" lookupUrl={LOOKUP} {...props} />, onSubmit);
  const input = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
  return { onSubmit, input };
}

const flagButton = () => screen.getByRole('button', { name: /Open flags menu/ });

describe('<PhoneInput> basics', () => {
  it("has the placeholder 'Enter a phone number' and accepts at most 25 characters", () => {
    stubLookup(new Error('offline'));
    const { input } = setup();
    expect(input).toHaveAttribute('placeholder', 'Enter a phone number');
    expect(input).toHaveAttribute('maxlength', '25');
    expect(input).toHaveAttribute('type', 'tel');
  });

  it('accepts a number valid for its country and stores it in E.164', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    const { input, onSubmit } = setup({ defaultCountry: 'KE' });
    expect(input).toHaveValue('+254');
    await user.type(input, '712345678');
    expect(input).toHaveValue('+254 712 345678');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ phone: '+254712345678' });
  });

  it('reads a number typed the Kenyan way (0712 345 678) as +254 and stores it in E.164', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    const { input, onSubmit } = setup({ defaultCountry: 'KE' });
    await user.clear(input);
    await user.type(input, '0712 345 678');
    expect(input).toHaveValue('+254 712 345678');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ phone: '+254712345678' });
  });

  it('drops the national 0 typed after the calling code already shown (+254 0712…)', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    const { input, onSubmit } = setup({ defaultCountry: 'KE' });
    expect(input).toHaveValue('+254');
    await user.type(input, '0712345678');
    expect(input).toHaveValue('+254 712 345678');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ phone: '+254712345678' });
  });

  it('refuses a number that is not valid for its country', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    const { input, onSubmit } = setup({ defaultCountry: 'KE' });
    await user.type(input, '71234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Enter a valid phone number for the selected country')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks validity against the number’s own country only', () => {
    expect(isValidPhoneFor('+254712345678', 'KE')).toBe(true);
    expect(isValidPhoneFor('+256712345678', 'KE')).toBe(false);
    expect(isValidPhoneFor('+256712345678', 'UG')).toBe(true);
  });

  it('uses local flags, never images from a CDN', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    setup({ defaultCountry: 'KE' });
    expect(flagButton()).toHaveAccessibleName('Kenya, Open flags menu');
    await user.click(flagButton());
    await screen.findByRole('listbox');
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(document.body.innerHTML).not.toContain('flagcdn');
    expect(screen.getByRole('option', { name: /Kenya/ }).querySelector('[data-country="KE"] svg')).toBeInTheDocument();
    // Without colour emoji (as in this test browser) other countries show their ISO code.
    expect(screen.getByRole('option', { name: /Uganda/ }).querySelector('[data-country="UG"]')).toHaveTextContent('UG');
  });

  it('finds a number in pasted text', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    const { input, onSubmit } = setup({ defaultCountry: 'KE' });
    await user.clear(input);
    fireEvent.paste(input, { clipboardData: { getData: () => 'Call Wanjiru on 0712 345 678 after 5pm' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ phone: '+254712345678' });
  });

  it('does not search pasted text longer than 250 characters', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    const { input, onSubmit } = setup({ defaultCountry: 'KE' });
    fireEvent.paste(input, { clipboardData: { getData: () => `0712345678 ${'x'.repeat(250)}` } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].phone ?? '').toBe('');
  });
});

describe('the country list', () => {
  it('opens downward when there is room below', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    setup({ defaultCountry: 'KE' });
    await user.click(flagButton());
    const paper = (await screen.findByRole('listbox')).closest('[data-placement]');
    expect(paper).toHaveAttribute('data-placement', 'bottom');
  });

  it('opens upward when less than 200 px is left below the input', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    setup({ defaultCountry: 'KE' });
    const wrapper = screen.getByRole('textbox', { name: 'Phone' }).closest('.MuiTelInput-TextField')!.parentElement!;
    vi.spyOn(wrapper, 'getBoundingClientRect').mockReturnValue({ top: 500, bottom: window.innerHeight - 199, left: 0, right: 300, width: 300, height: 56, x: 0, y: 500, toJSON: () => ({}) } as DOMRect);
    await user.click(flagButton());
    const paper = (await screen.findByRole('listbox')).closest('[data-placement]');
    expect(paper).toHaveAttribute('data-placement', 'top');
  });

  it('finds a country by typing, keys within 700 ms adding up', async () => {
    stubLookup(new Error('offline'));
    const user = userEvent.setup();
    setup({ defaultCountry: 'KE' });
    await user.click(flagButton());
    const list = await screen.findByRole('listbox');
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const type = (key: string, after: number) => {
      now += after;
      fireEvent.keyDown(document.activeElement ?? list, { key });
    };
    type('u', 0);
    type('g', 300);
    type('a', 300);
    const focusedCountry = () => document.activeElement?.querySelector('.MuiTelInput-ListItemText-country')?.textContent;
    expect(focusedCountry()).toBe('Uganda');
    type('g', 701); // a pause longer than 700 ms starts a new search
    expect(focusedCountry()).toMatch(/^G/);
    expect(within(list).getAllByRole('option').length).toBeGreaterThan(100);
  });
});

describe('the IP-to-country lookup', () => {
  it("starts with the country after the success flag ('1;TZ;TZA;Tanzania')", async () => {
    const fetchMock = stubLookup('1;TZ;TZA;Tanzania');
    const { input } = setup();
    await waitFor(() => expect(flagButton()).toHaveAccessibleName('Tanzania, Open flags menu'));
    expect(input).toHaveValue('+255');
    expect(fetchMock).toHaveBeenCalledWith(LOOKUP, expect.objectContaining({ credentials: 'omit' }));
  });

  it('falls back to Kenya when the lookup fails', async () => {
    stubLookup(new Error('network down'));
    const { input } = setup();
    await new Promise((r) => setTimeout(r, 20));
    expect(flagButton()).toHaveAccessibleName('Kenya, Open flags menu');
    expect(input).toHaveValue('+254');
  });

  it('is not asked again in this browser session once it failed (unreachable: quiet, Kenya)', async () => {
    const fetchMock = stubLookup(new Error('unreachable'));
    await expect(lookupCountry(LOOKUP)).resolves.toBeNull();
    // a new page load: the module's memory is gone, the session's is not
    vi.resetModules();
    const fresh = await import('../../src/web/components/phone/country-lookup');
    await expect(fresh.lookupCountry(LOOKUP)).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('uses the address the server put in the page, and none when it put an empty one', async () => {
    const { configuredLookupUrl } = await import('../../src/web/components/phone/country-lookup');
    const meta = document.createElement('meta');
    meta.name = 'keja-country-lookup';
    meta.content = '';
    document.head.append(meta);
    try {
      expect(configuredLookupUrl()).toBe('');
      const fetchMock = stubLookup('1;TZ;TZA;Tanzania');
      await expect(lookupCountry()).resolves.toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
      meta.content = LOOKUP;
      expect(configuredLookupUrl()).toBe(LOOKUP);
    } finally {
      meta.remove();
    }
  });

  it('treats ZZ and failed answers as unknown', async () => {
    for (const answer of ['1;ZZ;ZZZ;Reserved', '2;;;UNKNOWN', 500] as const) {
      const { resetCountryLookup } = await import('../../src/web/components/phone/country-lookup');
      resetCountryLookup();
      stubLookup(answer);
      await expect(lookupCountry(LOOKUP)).resolves.toBeNull();
    }
  });

  it('falls back to the first country listed when Kenya is not offered', async () => {
    stubLookup(new Error('network down'));
    const { input } = setup({ onlyCountries: ['UG', 'TZ'] });
    await new Promise((r) => setTimeout(r, 20));
    expect(flagButton()).toHaveAccessibleName('Uganda, Open flags menu');
    expect(input).toHaveValue('+256');
  });

  it('is not asked when the lookup URL is empty', async () => {
    const fetchMock = stubLookup('1;TZ;TZA;Tanzania');
    setup({ lookupUrl: '' });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(flagButton()).toHaveAccessibleName('Kenya, Open flags menu');
  });

  it('is asked once per page, however many phone inputs there are', async () => {
    const fetchMock = stubLookup('1;UG;UGA;Uganda');
    await Promise.all([lookupCountry(LOOKUP), lookupCountry(LOOKUP)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
