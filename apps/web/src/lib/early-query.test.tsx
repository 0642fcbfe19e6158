import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicSigning } from '@sinetti/contract';
import { renderWithProviders } from '../test/utils';
import { call } from './api';
import { earlyCallsSettled, startEarly, takeEarly } from './early-fetch';
import { earlyQueryOptions } from './early-query';

afterEach(() => vi.unstubAllGlobals());

const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const status = (documentName: string) => ({
  status: 'OK',
  locked: false,
  signed: false,
  completed: false,
  documentName,
});

function Status({ token, renders }: { token: string; renders: string[] }) {
  const query = useQuery({
    queryKey: ['status', token],
    queryFn: ({ signal }) => call(publicSigning.status, { params: { token }, signal }),
    ...earlyQueryOptions(publicSigning.status, { params: { token } }),
  });
  renders.push(query.data?.documentName ?? 'loading');
  return <p>{query.data?.documentName ?? 'loading'}</p>;
}

describe('a query started from an early answer', () => {
  it('renders with it at once and does not ask the server again on mount', async () => {
    const fetchMock = vi.fn(async () => reply(status('Early')));
    vi.stubGlobal('fetch', fetchMock);
    startEarly('/api/signing/status/signee/T1');
    await earlyCallsSettled(5_000);
    const renders: string[] = [];
    const { queryClient } = renderWithProviders(<Status token="T1" renders={renders} />);
    expect(renders[0]).toBe('Early');
    expect(screen.getByText('Early')).toBeInTheDocument();
    // A refetch asks the server as usual.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(status('Later'))),
    );
    await queryClient.invalidateQueries({ queryKey: ['status', 'T1'] });
    expect(await screen.findByText('Later')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(renders).not.toContain('loading');
  });

  it('loads as usual when the early answer has not arrived (and takes it then)', async () => {
    let answer: (res: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    startEarly('/api/signing/status/signee/T2');
    const renders: string[] = [];
    renderWithProviders(<Status token="T2" renders={renders} />);
    expect(renders[0]).toBe('loading');
    answer(reply(status('Slow')));
    expect(await screen.findByText('Slow')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeEarly('/api/signing/status/signee/T2')).toBeUndefined();
  });

  it('starts without data for a query whose parameters are missing (a disabled one)', () => {
    const options = earlyQueryOptions(publicSigning.status, { params: { token: '' } });
    expect(options.initialData()).toBeUndefined();
  });
});
