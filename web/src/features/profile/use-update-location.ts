import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { ownProfileQueryOptions, updateLocation } from './profile-api';

/** The browser's geolocation errors, worded for members. */
export const GEOLOCATION_TEXT = {
  unsupported: 'Geolocation is not supported by this browser.',
  denied: 'User denied the request for Geolocation.',
  unavailable: 'Location information is unavailable.',
  timeout: 'The request to get user location timed out.',
  unknown: 'An unknown error occurred.',
} as const;

/** When the member (or their browser) says no: what still works, and how to change it. */
export const LOCATION_DECLINED = {
  title: 'Location not shared',
  description:
    'That is fine: you can still browse and search by city. To see people nearby, allow location for this site in your browser settings, then press Update Location.',
} as const;

function geolocationMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return GEOLOCATION_TEXT.denied;
  if (error.code === error.POSITION_UNAVAILABLE) return GEOLOCATION_TEXT.unavailable;
  if (error.code === error.TIMEOUT) return GEOLOCATION_TEXT.timeout;
  return GEOLOCATION_TEXT.unknown;
}

/**
 * 'Update Location': asks the browser, then stores the position (snapped on the server). Only
 * ever called when the member asks (Update Location, or the Nearby tab's button).
 */
export function useUpdateLocation() {
  const client = useQueryClient();
  const [locating, setLocating] = useState(false);
  const update = () => {
    if (!('geolocation' in navigator)) {
      toast.error(GEOLOCATION_TEXT.unsupported);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        try {
          await updateLocation(coords.latitude, coords.longitude);
          await client.invalidateQueries({ queryKey: ownProfileQueryOptions.queryKey });
          await client.invalidateQueries({ queryKey: ['discover'] });
          toast.success('Location updated', {
            description: 'Distances now show from where you are, in rough bands only.',
          });
        } catch (error) {
          toast.error('Could not save your location', { description: errorMessage(error, 'Please try again.') });
        } finally {
          setLocating(false);
        }
      },
      (error) => {
        setLocating(false);
        // A refusal is the member's choice, not a failure: say what it means, calmly.
        if (error.code === error.PERMISSION_DENIED)
          toast(LOCATION_DECLINED.title, { description: LOCATION_DECLINED.description });
        else toast.error('Location error', { description: geolocationMessage(error) });
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };
  return { update, locating };
}
