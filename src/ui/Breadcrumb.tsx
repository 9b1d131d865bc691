/**
 * Breadcrumb trail with an optional back link (spec §2 Public layout: "A breadcrumb component with an
 * optional back link exists"). Links use the client-side router.
 */
import { HStack, Link, Text } from '@chakra-ui/react';
import { Breadcrumb as ChakraBreadcrumb } from './bound-recipes/Breadcrumb';
import { ArrowLeft } from 'lucide-react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** One crumb: its label and, except for the current page, the path it links to. */
export interface BreadcrumbItem {
  label: string;
  href?: string;
}

/** Props of {@link Breadcrumb}. */
export interface BreadcrumbProps {
  /** Crumbs from the outermost to the current page; the last one is marked as the current page. */
  items: readonly BreadcrumbItem[];
  /** When set, a 'Back' link to this path shows before the trail. */
  backHref?: string;
  /** Text of the back link; defaults to 'Back'. */
  backLabel?: string;
}

/** Renders `nav[aria-label=Breadcrumb]` with the trail; the last crumb carries `aria-current="page"`. */
export function Breadcrumb({ items, backHref, backLabel = 'Back' }: BreadcrumbProps) {
  return (
    <HStack gap="4" mb="2" wrap="wrap">
      {backHref !== undefined && (
        <Link asChild color="brand.fg" fontSize="sm" fontWeight="medium">
          <RouterLink to={backHref}>
            <ArrowLeft aria-hidden size={16} />
            {backLabel}
          </RouterLink>
        </Link>
      )}
      <ChakraBreadcrumb.Root size="sm" aria-label="Breadcrumb">
        <ChakraBreadcrumb.List>
          {items.map((item, index) => {
            const isLast = index === items.length - 1;
            return (
              <Fragment key={`${index}-${item.label}`}>
                <ChakraBreadcrumb.Item>
                  {isLast ? (
                    <ChakraBreadcrumb.CurrentLink>{item.label}</ChakraBreadcrumb.CurrentLink>
                  ) : item.href === undefined ? (
                    <Text as="span">{item.label}</Text>
                  ) : (
                    <ChakraBreadcrumb.Link asChild color="brand.fg">
                      <RouterLink to={item.href}>{item.label}</RouterLink>
                    </ChakraBreadcrumb.Link>
                  )}
                </ChakraBreadcrumb.Item>
                {!isLast && <ChakraBreadcrumb.Separator />}
              </Fragment>
            );
          })}
        </ChakraBreadcrumb.List>
      </ChakraBreadcrumb.Root>
    </HStack>
  );
}
