import { Image, Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * The setup address as a QR code, for the authenticator app's camera (issue 37). The `qrcode`
 * library is loaded here only, when the panel shows a setup (its own chunk: the public pages'
 * first script does not grow). The image's alternative text says what it holds; the key and the
 * address stay beside it for those who type them.
 */
export function SetupQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setImage(null);
    setFailed(false);
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 220 }))
      .then((url) => {
        if (current) setImage(url);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  if (failed) return <Text size="sm">The QR code could not be drawn: type the setup key below instead.</Text>;
  if (!image) return <Skeleton width={220} height={220} aria-label="Drawing the QR code" />;
  return (
    <Image
      src={image}
      w={220}
      h={220}
      fit="contain"
      alt="QR code of the setup address: scan it with your authenticator app"
      data-testid="totp-qr"
    />
  );
}
