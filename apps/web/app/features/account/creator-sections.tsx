import { BlockedCountriesCard } from '../geo-blocks/blocked-countries-card';
import { useMyPerformerProfile } from '../performers/performers-api';
import { CoverCard } from './cover-card';
import { CreatorProfileForm } from './creator-profile-form';
import { LoadingCards } from './loading-cards';
import { PricingForm } from './pricing-form';
import { WelcomeVideoCard } from './welcome-video-card';

/* The creator's sections of the account page (account-page.tsx loads them only for creators). */

export function CreatorCover() {
  const me = useMyPerformerProfile();
  return (
    <>
      <CoverCard me={me.data} />
      <WelcomeVideoCard me={me.data} />
    </>
  );
}

/** The creator's own profile and pricing: skeleton cards until GET /performers/me answers. */
export function CreatorForms() {
  const me = useMyPerformerProfile();
  if (!me.data) return <LoadingCards keys={['profile', 'pricing']} />;
  return (
    <>
      <CreatorProfileForm me={me.data} />
      <PricingForm me={me.data} />
      <BlockedCountriesCard owner="creator" />
    </>
  );
}
