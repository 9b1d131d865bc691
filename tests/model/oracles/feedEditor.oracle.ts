/**
 * The feed editor's reviewed table (see tests/model/oracle.ts for how to read it). Written from spec
 * §2 Create Feed and Edit Feed (/feeds/create, /feeds/{feedId}/edit) and "Feed editor", §4 "Form
 * field states", §5 "Feed save" and "SKU import", §7 (GET /shop/categories, GET /shop/products cached
 * in local storage, GET /feeds/{feedId}, POST /feeds/create, PUT /feeds/{feedId}), §8 feed toasts,
 * §9 "Shop products cache 24 hours"; and the issues the machine names: 11 (products that cannot be
 * added), 12 (the Delivery panel as a child, reloaded after a save; started with the editor, issue 31), 14 (toasts, navigation and focus
 * as effects), 15 (Undo of a bulk selection change, drafts kept across a sign-out, the server's
 * reason in a failed save's toast), 26 (delivering products not on the online store, a choice of the
 * feed). Most actions are the machine's inline `assign`s, shown as `xstate.assign`: the model checks
 * what each one must leave in the context. The state names are the machine's; what happens in each
 * is the spec's.
 */
import { defineOracle } from '../oracle';

/** A load call that fails ends the loading: logged, and the failure kept to show with a Retry. */
const LOAD_FAILED = '→ #feedEditor.failed / reportFailure, xstate.assign';

export default defineOracle({
  source:
    'spec §2 Feed editor, §4 Form field states, §5 Feed save and SKU import, §7 feeds and shop calls, §8 feed toasts, §9; issues 11, 12, 14, 15, 26',
  // §9's 24 hours is the age of the products cache, read by a guard when the editor loads: no timer.
  delays: {},
  states: {
    // Issue 12: the Delivery panel runs beside the editor; issue 31: it starts with the editor, so an
    // edited feed's diagnostics are asked for beside its loads (the panel shows once ready).
    feedEditor: {
      invoke: ['diagnostics'],
    },
    // §2: the editor needs the customers and brands, the shop products and, when editing, the feed,
    // all at once; a new attempt clears the last failure.
    'feedEditor.loading': {
      type: ['parallel'],
      entry: ['xstate.assign'],
      // Once all three are in, the feed's name, customer and products (those still in the catalogue)
      // are the form, and what it is compared with for unsaved changes; issue 30: focus goes to the
      // page's heading.
      'done:state': ['→ #feedEditor.ready / xstate.assign, focusHeading'],
    },
    // §7 GET /shop/categories: "Shop categories return customers and brands".
    'feedEditor.loading.categories': {},
    'feedEditor.loading.categories.fetching': {
      invoke: ['loadCategories'],
      'done:loadCategories': ['→ #feedEditor.loading.categories.done / xstate.assign'],
      'error:loadCategories': [LOAD_FAILED],
    },
    'feedEditor.loading.categories.done': { type: ['final'] },
    // §7 GET /shop/products "result cached in local storage"; §9 "Shop products cache 24 hours".
    'feedEditor.loading.products': {},
    'feedEditor.loading.products.readingCache': {
      invoke: ['readProductsCache'],
      'done:readProductsCache': [
        // A cache younger than 24 hours is used as it is.
        '[cacheIsFresh] → #feedEditor.loading.products.done / xstate.assign',
        // An older or missing one means a fetch.
        '→ #feedEditor.loading.products.fetching',
      ],
      // An unreadable cache is no cache.
      'error:readProductsCache': ['→ #feedEditor.loading.products.fetching'],
    },
    // The fetched products refresh the cache.
    'feedEditor.loading.products.fetching': {
      invoke: ['loadProducts'],
      'done:loadProducts': ['→ #feedEditor.loading.products.done / xstate.assign, storeProductsCache'],
      'error:loadProducts': [LOAD_FAILED],
    },
    'feedEditor.loading.products.done': { type: ['final'] },
    // §2: Edit Feed loads the feed (§7 GET /feeds/{feedId}: name, user_id, products); Create Feed
    // starts empty.
    'feedEditor.loading.feed': {},
    'feedEditor.loading.feed.checking': {
      always: ['[isEditing] → #feedEditor.loading.feed.fetching', '→ #feedEditor.loading.feed.done'],
    },
    'feedEditor.loading.feed.fetching': {
      invoke: ['loadFeed'],
      'done:loadFeed': ['→ #feedEditor.loading.feed.done / xstate.assign'],
      'error:loadFeed': [LOAD_FAILED],
    },
    'feedEditor.loading.feed.done': { type: ['final'] },
    // The spec shows no editor load failure; the editor offers a Retry that loads everything again.
    'feedEditor.failed': {
      retry: ['→ #feedEditor.loading'],
    },
    'feedEditor.ready': {},
    'feedEditor.ready.editing': {
      // §2 fields name and customer; each edit re-validates a touched field (§4) and updates whether
      // there are unsaved changes.
      'name.change': ['(stays) / xstate.assign'],
      'customer.change': ['(stays) / xstate.assign'],
      // §4 "on blur": a field left shows valid or its §5 message from then on.
      'field.blur': ['(stays) / xstate.assign'],
      // §2 product selection (issue 11: a product that cannot be added can only be removed); a
      // single click ends the Undo offer of the bulk change before it (issue 15).
      'product.toggle': ['(stays) / xstate.assign'],
      // §2 "a brand toggle adds or removes all of that brand's products" (issue 15: a partly
      // selected brand is completed first).
      'brand.toggle': ['(stays) / xstate.assign'],
      // Issue 15: the last bulk selection change can be taken back, while there is one.
      'selection.undo': ['[hasUndo] (stays) / xstate.assign'],
      // Issue 26: whether the feed also delivers products that are not on the online store; it counts
      // as an unsaved change and changes the deliverable count, not the selection.
      'includeUnpublished.change': ['(stays) / xstate.assign'],
      // Issue 15: a draft kept across a sign-out is applied as if typed; anything else is ignored.
      'draft.restore': ['[isDraft] (stays) / xstate.assign'],
      // §2: the product filter, on which 'Select/Deselect All Products' acts.
      'filter.change': ['(stays) / xstate.assign'],
      'products.toggleFiltered': ['(stays) / xstate.assign'],
      // §2 "SKU import": the SKU box, then the import.
      'sku.change': ['(stays) / xstate.assign'],
      'sku.import': [
        // §2 / §8: the matches are selected, toast 'Imported N products'.
        '[skusMatch] (stays) / toast, xstate.assign',
        // §5: none match, error 'No matching products found for provided SKUs' (issue 11: the SKUs
        // that added nothing stay in the box).
        '(stays) / toast, xstate.assign',
      ],
      // §5 "Feed save": a name and a customer are needed; §4: a submit touches every field, and an
      // invalid one focuses the first invalid field (issue 14).
      submit: [
        '[formIsValid] → #feedEditor.ready.saving / xstate.assign',
        '(stays) / xstate.assign, focusFirstInvalid',
      ],
    },
    // §5 "Submit buttons stay disabled ... while saving": the form takes no event until the answer.
    'feedEditor.ready.saving': {
      // §7 POST /feeds/create or PUT /feeds/{feedId}.
      invoke: ['saveFeed'],
      // §8 'Feed created!' / 'Feed updated!' with the name and customer number; the saved feed is the
      // new baseline, the Delivery panel reloads it (issue 12), and the editor goes to the new feed's
      // page after a create (issue 30) or back to the feeds list after an update (not in the spec;
      // asked of the screen as an effect since issue 14).
      'done:saveFeed': ['→ #feedEditor.ready.editing / toast, showSaved, xstate.assign, xstate.sendTo'],
      // §8 'Failed to create feed. See console for details.' / 'Failed to update feed. ...': logged,
      // and the error toast, which since issue 15 gives the server's reason instead of the console.
      'error:saveFeed': ['→ #feedEditor.ready.editing / reportFailure, toast'],
    },
  },
});
