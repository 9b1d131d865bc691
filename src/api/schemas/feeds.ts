/** Feeds contract (spec §3 "Feed"; §5 "Feed save"; §7 /feeds, /feeds/{feedId}, /feeds/create). */
import * as v from 'valibot';
import { IdParam, idNumber, MAX_ID, withoutControlCharacters } from './common';
import { Brand } from './shop';

/** Spec §5 "Feed save": the name must not be blank. */
export const FEED_NAME_REQUIRED = 'Please enter a feed name';
/** Spec §5 "Feed save": a customer must be chosen. */
export const FEED_CUSTOMER_REQUIRED = 'Please select a customer';
/** A feed's `products` is not a list. */
export const PRODUCT_IDS_MESSAGE = 'products must be a list of product ids';
/** An entry of `products` is not an id the catalogue can hold. */
export const PRODUCT_ID_MESSAGE = `must be a product id, a whole number from 1 to ${MAX_ID}`;

/** A row of GET /feeds (spec §2 "Feeds list panel", §3 "Feed"). */
export const FeedListItem = v.object({
  id: v.number(),
  name: v.string(),
  /** The customer; null when the customer was deleted. */
  user_id: v.nullable(v.number()),
  /** Brands of the feed's products, by name. */
  brands: v.array(Brand),
  products_count: v.number(),
  /** The customer as the list shows it: company name and customer number; null without a customer. */
  user_details: v.nullable(v.string()),
  /** The customer's discount_rate in percent; null without a customer. */
  user_discount: v.nullable(v.number()),
  /** The customer's shipping_discount_rate in percent; null without a customer. */
  shipping_user_discount: v.nullable(v.number()),
  /**
   * The feed's RSS 2.0 URL, what Google Merchant Center fetches (issue 30): absolute on PUBLIC_URL
   * when it is set, else a path for the page's origin.
   */
  feed_url: v.string(),
});
export type FeedListItem = v.InferOutput<typeof FeedListItem>;

/** GET /feeds: every feed, newest first. */
export const FeedList = v.array(FeedListItem);
export type FeedList = v.InferOutput<typeof FeedList>;

/** GET /feeds/{feedId}, and the answer of a save: the feed with its product ids, ascending. */
export const FeedDetail = v.object({
  id: v.number(),
  name: v.string(),
  user_id: v.nullable(v.number()),
  /** Whether the feed delivers products not published on the online store too (issue 26). */
  include_unpublished: v.boolean(),
  products: v.array(v.number()),
});
export type FeedDetail = v.InferOutput<typeof FeedDetail>;

/**
 * POST /feeds/create and PUT /feeds/{feedId} body: `{name, products, user_id}` (spec §7); ids are
 * within the database's `integer` and the name holds no control character (issue 13). Beyond the
 * spec, `include_unpublished` (issue 26): deliver the selected products that are not published on
 * the online store too; false on create and unchanged on update when left out.
 */
export const FeedSaveRequest = v.object({
  name: v.pipe(
    v.string(FEED_NAME_REQUIRED),
    v.trim(),
    v.nonEmpty(FEED_NAME_REQUIRED),
    withoutControlCharacters('Feed name must not contain control characters'),
    v.maxLength(200),
  ),
  products: v.pipe(v.array(idNumber(PRODUCT_ID_MESSAGE), PRODUCT_IDS_MESSAGE), v.maxLength(100_000)),
  user_id: idNumber(FEED_CUSTOMER_REQUIRED),
  include_unpublished: v.optional(v.boolean('include_unpublished must be true or false')),
});
export type FeedSaveRequest = v.InferOutput<typeof FeedSaveRequest>;

/** The feedId route parameter of the back-office and of the delivery API: an id greater than 0. */
export const FeedIdParams = v.object({ feedId: IdParam });

/** GET /feeds query: `user_id` keeps one customer's feeds (issue 30: the customer's page); all by default. */
export const FeedsQuery = v.object({ user_id: v.optional(IdParam) });
export type FeedsQuery = v.InferOutput<typeof FeedsQuery>;
