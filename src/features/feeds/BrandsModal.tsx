/** The 'All Brands' modal of the feeds list (spec §2 "Feeds list panel"): a brand search, the list, Close. */
import { Button, CloseButton, Input, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '@/ui/bound-recipes/Dialog';
import { List } from '@/ui/bound-recipes/List';
import type { Brand } from '@/api/schemas/shop';

/** Props: the open feed's name and its brands after the search (null while closed). */
export interface BrandsModalProps {
  modal: { feedName: string; brands: Brand[] } | null;
  search: string;
  onSearch: (value: string) => void;
  onClose: () => void;
}

/** Renders the modal while `modal` is set; every change goes back through the callbacks. */
export function BrandsModal({ modal, search, onSearch, onClose }: BrandsModalProps) {
  return (
    <Dialog.Root
      open={modal !== null}
      onOpenChange={(details) => !details.open && onClose()}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>All Brands</Dialog.Title>
              {modal && (
                <Text color="fg.muted" fontSize="sm">
                  {modal.feedName}
                </Text>
              )}
            </Dialog.Header>
            <Dialog.Body>
              <Input
                placeholder="Search brands..."
                aria-label="Search brands"
                value={search}
                onChange={(event) => onSearch(event.target.value)}
                mb="4"
              />
              {modal && modal.brands.length === 0 ? (
                <Text color="fg.muted">No brands found.</Text>
              ) : (
                <List.Root variant="plain" gap="1" aria-label="Brands">
                  {modal?.brands.map((brand) => (
                    <List.Item key={brand.id}>{brand.name}</List.Item>
                  ))}
                </List.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
