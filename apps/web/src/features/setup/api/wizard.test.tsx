import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/render-route';
import { signInForSetup, wizard, wizardReply } from '../test/fixtures';
import { useSkipStep, wizardQuery } from './wizard';

beforeEach(signInForSetup);
afterEach(() => vi.unstubAllGlobals());

describe('wizard moves', () => {
  it("keep the move's state when a read of the state answered before the move arrives after it", async () => {
    let reads = 0;
    let answerRead: (reply: unknown) => void = () => undefined;
    mockApi({
      // The first read answers at once; the second (a screen opening while the move is sent) only when told.
      'GET /api/authentication/wizard-steps': () => {
        reads++;
        if (reads === 1) return wizardReply(wizard(3));
        return new Promise((resolve) => (answerRead = resolve));
      },
      'GET /api/authentication/wizard/skip': () => wizardReply(wizard(4, { skipped: [3] })),
    });
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ state: useQuery(wizardQuery), skip: useSkipStep() }), { wrapper });
    await waitFor(() => expect(result.current.state.data?.step).toBe(3));

    let reading: Promise<unknown> = Promise.resolve();
    act(() => {
      reading = result.current.state.refetch();
    });
    await waitFor(() => expect(reads).toBe(2));
    await act(async () => {
      await result.current.skip.mutateAsync(undefined);
    });
    expect(result.current.state.data?.step).toBe(4);
    // The read answers now, with the state before the move: it is not taken.
    await act(async () => {
      answerRead(wizardReply(wizard(3)));
      await reading;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.state.data?.step).toBe(4);
    expect(queryClient.getQueryData(wizardQuery.queryKey)).toMatchObject({ step: 4, skipped: [3] });
  });
});
