/**
 * Footer of the public site (spec §2 Public layout): address, support e-mail and phone, policy,
 * programme and about links, social links, the welcome-call booking link and the copyright line.
 */
import { Box, Button, Grid, Heading, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { CalendarCheck, Mail, MapPin, Phone } from 'lucide-react';
import { BUILD_YEAR, useHydratedValue } from '@/ui/hydration';
import { SocialIcon } from '@/ui/SocialIcons';
import {
  ABOUT_LINKS,
  COMPANY_ADDRESS,
  POLICY_LINKS,
  PROGRAM_LINKS,
  SOCIAL_LINKS,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  WELCOME_CALL_LINK,
  type SiteLink,
} from './site';

/** A titled column of links, as a navigation landmark named after its title. */
function LinkColumn({ title, links }: { title: string; links: readonly SiteLink[] }) {
  return (
    <Box as="nav" aria-label={title}>
      <Heading as="h2" size="sm" mb="3" color="white">
        {title}
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none">
        {links.map((link) => (
          <li key={link.label}>
            {link.href === null ? (
              <Text color="gray.400">{link.label}</Text>
            ) : (
              <Link href={link.href} color="gray.300" _hover={{ color: 'white' }}>
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** The social profiles that exist (a link to '#' would go nowhere). */
const socialLinks = SOCIAL_LINKS.flatMap((social) =>
  social.href === null ? [] : [{ ...social, href: social.href }],
);

/** Renders the site footer; the copyright year is the current year. */
export function PublicFooter() {
  const year = useHydratedValue(() => new Date().getFullYear(), BUILD_YEAR);
  return (
    <Box
      as="footer"
      bg="gray.900"
      color="gray.300"
      pt="12"
      pb="8"
      // The theme's focus rings are dark shades for light backgrounds; on this dark footer a light ring
      // keeps 3:1 (WCAG 2.1 AA, issue 15). Chakra's utilities layer wins over the recipes' ring colour.
      css={{ '& :focus-visible': { outlineColor: 'gray.100' } }}
    >
      <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }}>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: '1.4fr repeat(3, 1fr)' }} gap="10">
          <Stack gap="4">
            <Heading as="h2" size="sm" color="white">
              Product Feed
            </Heading>
            <HStack as="address" align="start" fontStyle="normal" gap="2">
              <MapPin aria-hidden size={18} />
              <Text>
                {COMPANY_ADDRESS.map((line) => (
                  <Box as="span" display="block" key={line}>
                    {line}
                  </Box>
                ))}
              </Text>
            </HStack>
            <HStack gap="2">
              <Mail aria-hidden size={18} />
              <Link href={`mailto:${SUPPORT_EMAIL}`} color="gray.300" _hover={{ color: 'white' }}>
                {SUPPORT_EMAIL}
              </Link>
            </HStack>
            <HStack gap="2">
              <Phone aria-hidden size={18} />
              <Link href={`tel:${SUPPORT_PHONE.e164}`} color="gray.300" _hover={{ color: 'white' }}>
                {SUPPORT_PHONE.display}
              </Link>
            </HStack>
            <Button asChild colorPalette="brand" size="sm" alignSelf="start">
              <a href={WELCOME_CALL_LINK.href}>
                <CalendarCheck aria-hidden />
                {WELCOME_CALL_LINK.label}
              </a>
            </Button>
          </Stack>
          <LinkColumn title="Quick links" links={POLICY_LINKS} />
          <LinkColumn title="Programs" links={PROGRAM_LINKS} />
          <LinkColumn title="About" links={ABOUT_LINKS} />
        </Grid>
        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          align={{ base: 'start', md: 'center' }}
          gap="4"
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="gray.700"
        >
          <Text fontSize="sm">© {year} Product Feed. All rights reserved.</Text>
          {socialLinks.length > 0 ? (
            <HStack as="ul" gap="1" listStyleType="none" aria-label="Social media">
              {socialLinks.map((social) => (
                <li key={social.network}>
                  <IconButton
                    asChild
                    aria-label={social.label}
                    variant="ghost"
                    color="gray.300"
                    _hover={{ color: 'white', bg: 'gray.800' }}
                  >
                    <a href={social.href}>
                      <SocialIcon network={social.network} />
                    </a>
                  </IconButton>
                </li>
              ))}
            </HStack>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}
