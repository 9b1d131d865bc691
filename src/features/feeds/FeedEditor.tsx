/**
 * The feed editor form shared by Create Feed and Edit Feed (spec §2 "Feed editor", §5, §8): name,
 * customer, brand toggles, SKU import (naming the SKUs that added nothing, issue 11), the product
 * filter with 'Select/Deselect All Products' and the virtualised product list, the prompt before
 * leaving with unsaved changes, and, when editing, the Delivery panel (issue 12).
 *
 * Issue 15: a sticky action bar, first in the form (and so in tab order, before 520 checkboxes),
 * holds how many products are selected and deliverable, the Undo offer of the last bulk selection
 * change, Cancel and Save. Save reads as disabled until the form is valid (spec §5) but stays
 * focusable and clickable (`aria-disabled`), so a click on an incomplete form shows every error and
 * focuses the first invalid field instead of doing nothing. Brand toggles show a partly selected
 * brand as partly pressed. Unsaved input is kept across a sign-out (`UnsavedChangesPrompt`'s draft).
 * Issue 26: a checkbox delivers products that are not on the online store too, with a hint saying
 * why they are left out by default; the counts and the rows' notices follow it.
 * Renders feedEditorMachine and sends it events; every decision is the machine's, and its toasts,
 * the way back to the feeds list after a save and the focus on an invalid field are its effects,
 * carried out by the root handler (useScreenActor).
 */
import {
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { NativeSelect } from '@/ui/bound-recipes/NativeSelect';
import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { EXCLUSION_TEXTS } from '@/api/schemas/shop';
import type { ExclusionReason } from '@/api/schemas/shop';
import type { SkuImportReport } from '@/machines/feed-selection';
import {
  FEED_FORM,
  feedEditorMachine,
  selectAllFilteredSelected,
  selectBrandSelection,
  selectCanSave,
  selectDiagnosticsActor,
  selectDraftValues,
  selectFieldView,
  selectIncludeUnpublished,
  selectIsDirty,
  selectIsLoading,
  selectIsSaving,
  selectLoadError,
  selectUndoMessage,
} from '@/machines/feedEditor.machine';
import type { FeedEditorSnapshot } from '@/machines/feedEditor.machine';
import { fieldElementId } from '@/machines/form-fields';
import { paths } from '@/routes/paths';
import { useScreenActor } from '@/routes/screen-actor';
import { useSession } from '@/routes/session';
import { formDraftKey } from '@/ui/form-draft';
import { formSubmitProps } from '@/ui/form-submit';
import { FormField } from '@/ui/FormField';
import { UnsavedChangesPrompt } from '@/ui/UnsavedChangesPrompt';
import type { UnsavedDraft } from '@/ui/UnsavedChangesPrompt';
import { DeliveryPanel } from './DeliveryPanel';
import { ProductList } from './ProductList';

const context = (snapshot: FeedEditorSnapshot) => snapshot.context;

/**
 * What the last SKU import did, when it left SKUs in the box: how many products matched and how
 * many SKUs stay, then one line per cause: 'Not found: X, Y', and for SKUs that name only products
 * that cannot be added, 'Not added (Draft in the shop: not for sale): Z'. None when every SKU matched.
 */
export function skuReportLines(report: SkuImportReport): string[] {
  if (report.unmatched.length === 0) return [];
  const notFound: string[] = [];
  const notAdded = new Map<ExclusionReason, string[]>();
  for (const { sku, reason } of report.unmatched) {
    if (reason === null) notFound.push(sku);
    else notAdded.set(reason, [...(notAdded.get(reason) ?? []), sku]);
  }
  const left = report.unmatched.length;
  return [
    `Matched ${report.imported} ${report.imported === 1 ? 'product' : 'products'}; ${left} ${
      left === 1 ? 'SKU was' : 'SKUs were'
    } not imported and ${left === 1 ? 'stays' : 'stay'} in the box`,
    ...(notFound.length > 0 ? [`Not found: ${notFound.join(', ')}`] : []),
    ...[...notAdded].map(([reason, skus]) => `Not added (${EXCLUSION_TEXTS[reason]}): ${skus.join(', ')}`),
  ];
}

/**
 * Room kept above a field scrolled into view (the focus on the first invalid one): the dashboard's
 * sticky header and the action bar.
 */
const FIELD_SCROLL_MARGIN = '40';

/** Element id of the editor's action bar. */
export const FEED_ACTIONS_ID = 'feed-actions';

/**
 * The sticky action bar (issue 15): the selection's counts, the Undo offer of the last bulk change,
 * Cancel (back to the feeds list, asking first when there are unsaved changes) and Save.
 */
function ActionBar(props: {
  summary: string;
  undoMessage: string | null;
  onUndo: () => void;
  canSave: boolean;
  isSaving: boolean;
}) {
  return (
    <Flex
      id={FEED_ACTIONS_ID}
      role="group"
      aria-label="Feed actions"
      position="sticky"
      top="16"
      zIndex="docked"
      mb="6"
      px="4"
      py="3"
      gap="3"
      wrap="wrap"
      align="center"
      bg="bg.panel"
      borderWidth="1px"
      rounded="l3"
      shadow="sm"
    >
      <Stack gap="0" flex="1" minW="48">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {props.summary}
        </Text>
        <HStack gap="2" role="status" aria-label="Selection change" minH="6">
          {props.undoMessage !== null && (
            <>
              <Text fontSize="sm">{props.undoMessage}</Text>
              <Button size="xs" variant="outline" onClick={props.onUndo}>
                Undo
              </Button>
            </>
          )}
        </HStack>
      </Stack>
      <HStack gap="2">
        <Button asChild variant="outline">
          <RouterLink to={paths.feeds}>Cancel</RouterLink>
        </Button>
        <Button
          type="submit"
          colorPalette="brand"
          loading={props.isSaving}
          // Reads as disabled until the form is valid (spec §5), yet a click shows what is missing.
          aria-disabled={!props.canSave && !props.isSaving ? true : undefined}
        >
          Save
        </Button>
      </HStack>
    </Flex>
  );
}

/** Props: the feed to edit, or null to create one (on `customerId` when given). */
export interface FeedEditorProps {
  feedId: number | null;
  customerId?: number | null;
}

/** The editor; loads customers, brands, products (and the feed) when mounted. */
export function FeedEditor({ feedId, customerId = null }: FeedEditorProps) {
  const actor = useScreenActor(feedEditorMachine, { input: { feedId, customerId } });
  const isLoading = useSelector(actor, selectIsLoading);
  const loadError = useSelector(actor, selectLoadError);
  const isSaving = useSelector(actor, selectIsSaving);
  const canSave = useSelector(actor, selectCanSave);
  const nameField = useSelector(actor, (snapshot) => selectFieldView(snapshot, 'name'), shallowEqual);
  const customerField = useSelector(actor, (snapshot) => selectFieldView(snapshot, 'customer'), shallowEqual);
  // Read when leaving, not at render: a feed just saved is leaving on purpose.
  const isDirty = useCallback(() => {
    const snapshot = actor.getSnapshot();
    return selectIsDirty(snapshot) && !snapshot.context.savedFeed;
  }, [actor]);
  const allFilteredSelected = useSelector(actor, selectAllFilteredSelected);
  const undoMessage = useSelector(actor, selectUndoMessage);
  const includeUnpublished = useSelector(actor, selectIncludeUnpublished);
  const brandStates = useSelector(
    actor,
    (snapshot) =>
      new Map(snapshot.context.brands.map((brand) => [brand.id, selectBrandSelection(snapshot, brand.id)])),
    (a, b) => a.size === b.size && [...a].every(([id, state]) => b.get(id) === state),
  );
  const { user } = useSession();
  const { pathname } = useLocation();
  const sessionUserId = user?.id ?? null;
  const draft = useMemo<UnsavedDraft | undefined>(
    () =>
      sessionUserId === null
        ? undefined
        : {
            key: formDraftKey(sessionUserId, pathname),
            values: () => selectDraftValues(actor.getSnapshot()),
            onRestore: (values) => actor.send({ type: 'draft.restore', values }),
          },
    [actor, sessionUserId, pathname],
  );
  const diagnostics = useSelector(actor, selectDiagnosticsActor);
  // The saved feed's customer (the baseline), whose store the Delivery panel reads.
  const savedCustomerId = useSelector(actor, (snapshot) => snapshot.context.baseline.userId);
  const {
    name,
    userId,
    customers,
    brands,
    selected,
    selectedBrands,
    filter,
    filteredIds,
    skuText,
    skuReport,
    index,
    products,
    currency,
    deliverableCount,
    dirty,
  } = useSelector(actor, context);

  const toggleProduct = useCallback(
    (productId: number) => actor.send({ type: 'product.toggle', productId }),
    [actor],
  );

  if (isLoading) {
    return (
      <HStack gap="3">
        <Spinner size="sm" />
        <Text>Loading products...</Text>
      </HStack>
    );
  }
  if (loadError !== null) {
    return (
      <HStack>
        <Text color="fg.error" role="alert">
          {loadError}
        </Text>
        <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'retry' })}>
          Retry
        </Button>
      </HStack>
    );
  }

  const skuLines = skuReport === null ? [] : skuReportLines(skuReport);

  return (
    <Stack gap="6">
      <form
        {...formSubmitProps(() => actor.send({ type: 'submit' }))}
        aria-label={feedId === null ? 'Create Feed' : 'Edit Feed'}
      >
        <UnsavedChangesPrompt isDirty={isDirty} draft={draft} />
        <ActionBar
          summary={`${selected.size} of ${products.length} selected, ${deliverableCount} deliverable`}
          undoMessage={undoMessage}
          onUndo={() => actor.send({ type: 'selection.undo' })}
          canSave={canSave}
          isSaving={isSaving}
        />
        <Stack gap="6">
          <Card.Root>
            <Card.Body gap="5">
              <Flex gap="5" direction={{ base: 'column', md: 'row' }}>
                <Box flex="1">
                  <FormField label="Name" required id={fieldElementId(FEED_FORM, 'name')} {...nameField}>
                    <Input
                      name="name"
                      scrollMarginTop={FIELD_SCROLL_MARGIN}
                      value={name}
                      onChange={(event) => actor.send({ type: 'name.change', value: event.target.value })}
                      onBlur={() => actor.send({ type: 'field.blur', field: 'name' })}
                    />
                  </FormField>
                </Box>
                <Box flex="1">
                  <FormField
                    label="Customer"
                    required
                    id={fieldElementId(FEED_FORM, 'customer')}
                    {...customerField}
                  >
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        name="customer"
                        scrollMarginTop={FIELD_SCROLL_MARGIN}
                        value={userId === null ? '' : String(userId)}
                        onChange={(event) =>
                          actor.send({
                            type: 'customer.change',
                            userId: event.target.value === '' ? null : Number(event.target.value),
                          })
                        }
                        onBlur={() => actor.send({ type: 'field.blur', field: 'customer' })}
                      >
                        <option value="">Select a customer</option>
                        {customers.map((customer) => (
                          <option key={customer.id} value={customer.id}>
                            {customer.company_name || 'Customer'} (#{customer.id})
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                </Box>
              </Flex>
              {/* Field.Root ties the hint to the checkbox (aria-describedby). */}
              <Field.Root>
                <Checkbox.Root
                  checked={includeUnpublished}
                  onCheckedChange={(event) =>
                    actor.send({ type: 'includeUnpublished.change', value: event.checked === true })
                  }
                >
                  <Checkbox.HiddenInput name="include_unpublished" />
                  <Checkbox.Control />
                  <Checkbox.Label>Also deliver products that are not on the online store</Checkbox.Label>
                </Checkbox.Root>
                <Field.HelperText ms="7">
                  Left out by default: their product page is not found on the store, and Google checks landing
                  pages. Tick this when the store sells them through another storefront.
                </Field.HelperText>
              </Field.Root>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Body gap="3">
              <Heading as="h2" size="md">
                Brands
              </Heading>
              <Wrap gap="2" role="group" aria-label="Brands">
                {brands.map((brand) => {
                  const on = selectedBrands.has(brand.id);
                  const state = brandStates.get(brand.id) ?? 'none';
                  return (
                    <Button
                      key={brand.id}
                      size="sm"
                      variant={state === 'all' ? 'solid' : state === 'some' ? 'subtle' : 'outline'}
                      colorPalette={on ? 'brand' : 'gray'}
                      // Partly selected: a click selects all of it first (issue 15).
                      aria-pressed={state === 'all' ? true : state === 'some' ? 'mixed' : false}
                      // A brand whose products are all drafts (or archived, unlisted) has nothing to add.
                      disabled={!on && !index.addableIdsByBrand.has(brand.id)}
                      onClick={() => actor.send({ type: 'brand.toggle', brandId: brand.id })}
                    >
                      {brand.name}
                    </Button>
                  );
                })}
              </Wrap>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Body gap="3">
              <Heading as="h2" size="md">
                Import SKUs
              </Heading>
              <Field.Root>
                <Field.Label>SKUs</Field.Label>
                <Textarea
                  name="skus"
                  rows={3}
                  placeholder="SKUs separated by commas, spaces or new lines"
                  value={skuText}
                  onChange={(event) => actor.send({ type: 'sku.change', value: event.target.value })}
                />
              </Field.Root>
              {skuLines.length > 0 && (
                <Stack gap="1" role="status" aria-label="SKU import">
                  {skuLines.map((line) => (
                    <Text key={line} fontSize="sm" color="fg.warning">
                      {line}
                    </Text>
                  ))}
                </Stack>
              )}
              <Button alignSelf="start" variant="outline" onClick={() => actor.send({ type: 'sku.import' })}>
                Import SKUs
              </Button>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Body gap="3">
              <Heading as="h2" size="md">
                Products
              </Heading>
              <Flex gap="3" wrap="wrap">
                <Input
                  maxW="sm"
                  placeholder="Filter products..."
                  aria-label="Filter products"
                  value={filter}
                  onChange={(event) => actor.send({ type: 'filter.change', value: event.target.value })}
                />
                <Button
                  variant="outline"
                  aria-pressed={allFilteredSelected}
                  disabled={filteredIds.length === 0}
                  onClick={() => actor.send({ type: 'products.toggleFiltered' })}
                >
                  Select/Deselect All Products
                </Button>
              </Flex>
              <ProductList
                ids={filteredIds}
                index={index}
                includeUnpublished={includeUnpublished}
                selected={selected}
                currency={currency}
                onToggle={toggleProduct}
              />
            </Card.Body>
          </Card.Root>
        </Stack>
      </form>
      {feedId !== null && diagnostics && (
        <DeliveryPanel
          actor={diagnostics}
          catalogue={index.byId}
          unsaved={dirty}
          customerId={savedCustomerId}
        />
      )}
    </Stack>
  );
}
