// @vitest-environment jsdom
/**
 * The customer's feeds on their page (issue 30) in each state of customerFeedsMachine: loading, the
 * failure with its reason and Retry, no feed yet (with a way to add one), and each feed with what
 * Google Merchant Center's scheduled fetch asks for.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import { customerFeedsMachine } from '@/machines/customerFeeds.machine';
import type { CustomerFeed } from '@/machines/customerFeeds.machine';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { CustomerFeedsPanel } from './CustomerFeedsPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

const FEED: CustomerFeed = {
  id: 12,
  name: 'Acme main',
  products_count: 40,
  google_url: 'https://feeds.example.com/api/feed/v1/feeds/12.xml',
};
const FAILURE = new ApiError('Service Unavailable', {
  kind: 'http',
  status: 503,
  serverMessage: 'Database unavailable',
});

/** The panel with the machine's load answering `load`, once the machine is in `state`. */
async function panelWhen(load: () => Promise<CustomerFeed[]>, state: 'loading' | 'loaded' | 'failed') {
  const given = givenActor(
    customerFeedsMachine.provide({
      actors: { load: fromPromise(load) },
      actions: { reportFailure: () => {} },
    }),
    { input: { userId: 10, origin: 'https://feeds.example.com' } },
  );
  await waitFor(given.actor, (snapshot) => snapshot.matches(state));
  renderScreen(<CustomerFeedsPanel userId={10} />);
  return given;
}

/** The panel's landmark, named by its heading. */
const panel = () => screen.getByRole('region', { name: 'Feeds for Google Merchant Center' });

describeScreenStates(customerFeedsMachine, {
  'customerFeeds.loading': async () => {
    await panelWhen(() => new Promise(() => undefined), 'loading');
    expect(within(panel()).getByRole('status', { name: "Loading the customer's feeds" })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
  },
  'customerFeeds.loaded': async () => {
    await panelWhen(() => Promise.resolve([FEED]), 'loaded');
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Acme main' }).getAttribute('href')).toBe(
      '/dashboard/feeds/12/edit',
    );
    expect(within(item).getByLabelText('File URL')).toHaveProperty('value', FEED.google_url);
    expect(within(item).getByRole('button', { name: 'Copy the file URL of Acme main' })).toBeTruthy();
    expect(item.textContent).toContain('User name: google');
    expect(within(panel()).queryByRole('status', { name: "Loading the customer's feeds" })).toBeNull();
  },
  'customerFeeds.failed': async () => {
    await panelWhen(() => Promise.reject(FAILURE), 'failed');
    expect(
      within(screen.getByRole('alert')).getByText(
        "Failed to load the customer's feeds: Database unavailable",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  },
});

describe('CustomerFeedsPanel', () => {
  it('says when the customer has no feed yet and links to adding one for them', async () => {
    await panelWhen(() => Promise.resolve([]), 'loaded');
    expect(screen.getByText(/This customer has no feed yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add feed' }).getAttribute('href')).toBe(
      '/dashboard/feeds/create?customer=10',
    );
  });

  it('sends resource.reload from Retry', async () => {
    const { sent } = await panelWhen(() => Promise.reject(FAILURE), 'failed');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(sent).toEqual([{ type: 'resource.reload' }]);
  });
});
