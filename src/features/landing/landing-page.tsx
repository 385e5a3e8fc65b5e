import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBolt,
  IconCar,
  IconDeviceMobile,
  IconHeartHandshake,
  IconLink,
  IconShieldCheck,
  IconTrophy,
  IconUsers,
} from "@tabler/icons-react";
import { AppLink } from "@/lib/app-link";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";

const steps = [
  {
    icon: IconCar,
    title: "Build the quote",
    text: "Enter the vehicle, price and discount. Your add-ons, doc fees, local taxes, title and registration fees and rate sheet fill in from your dealership defaults.",
  },
  {
    icon: IconLink,
    title: "Send the link",
    text: "Text or email your customer a private link. No app, no account, no password: it opens on any phone.",
  },
  {
    icon: IconUsers,
    title: "Work the deal together",
    text: "Your shopper adds a trade-in, tries a bigger down payment or another term, and you both see the out-the-door price and payments change as it happens.",
  },
];

const benefits = [
  {
    icon: IconShieldCheck,
    title: "Build trust",
    text: "Every line from selling price to out-the-door is shown and adds up to the cent. Shoppers see exactly what they pay and why, with no surprises in the F&I office.",
  },
  {
    icon: IconDeviceMobile,
    title: "Meet shoppers' needs",
    text: "Most car shopping happens on a phone, at night, away from the lot. DealDesk gives shoppers real numbers where they already are, even on a weak connection.",
  },
  {
    icon: IconHeartHandshake,
    title: "Delight shoppers",
    text: "Shoppers change their trade-in, down payment and credit tier themselves and watch the monthly payment move, instead of waiting on the back-and-forth with the desk.",
  },
  {
    icon: IconTrophy,
    title: "Close more deals",
    text: "Engaged shoppers come in ready to sign. Spend your time on customers who already agreed on the numbers, and turn more internet leads into deliveries.",
  },
];

function MainButton({
  signedIn,
  size = "lg",
  signedOutLabel,
}: {
  signedIn: boolean;
  size?: string;
  signedOutLabel: string;
}) {
  return signedIn ? (
    <Button component={AppLink} to="/dashboard" size={size} color="white" variant="white" c="brand.8">
      Open Dashboard
    </Button>
  ) : (
    <Button component={AppLink} to="/register" size={size} color="white" variant="white" c="brand.8">
      {signedOutLabel}
    </Button>
  );
}

export default function LandingPage() {
  const { user } = useSession();
  const signedIn = Boolean(user);

  usePageTitle("Online desking for car dealerships");

  return (
    <>
      <Box style={{ background: "var(--dd-gradient-blue)" }} c="white" py={{ base: 56, md: 96 }} px="sm">
        <Container size={1170} px={0}>
          <Stack gap="lg" maw={720}>
            <Title order={1} fz={{ base: "2rem", md: "3rem" }} lh={1.15}>
              Desk the deal with your shopper, live, on any phone.
            </Title>
            <Text fz={{ base: "lg", md: "xl" }} c="rgba(255,255,255,0.92)">
              DealDesk builds an exact out-the-door quote with payments by credit tier and term, sends it as a
              link, and lets you and your customer adjust the deal together in real time. Self-hosted, so your
              deals and your customers stay yours.
            </Text>
            <Group gap="md" align="center">
              <MainButton signedIn={signedIn} signedOutLabel="Get Started Free" />
              {!signedIn && (
                <Anchor component={AppLink} to="/login" c="white" underline="always" fw={500}>
                  or sign into your account
                </Anchor>
              )}
            </Group>
          </Stack>
        </Container>
      </Box>

      <Box py={{ base: 48, md: 80 }} px="sm" aria-labelledby="how-it-works">
        <Container size={1170} px={0}>
          <Title order={2} id="how-it-works" ta="center">
            How It Works
          </Title>
          <Text ta="center" className="dd-secondary-text" mt="xs" mb="xl" maw={640} mx="auto">
            From a new quote to a shopper working the numbers in about a minute.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {steps.map((step, index) => (
              <Stack key={step.title} gap="xs" align="flex-start">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={44} radius="xl" variant="light">
                    <step.icon size={24} aria-hidden="true" />
                  </ThemeIcon>
                  <Text fw={700} className="dd-step-label" fz="sm" tt="uppercase">
                    Step {index + 1}
                  </Text>
                </Group>
                <Title order={3} fz="1.25rem">
                  {step.title}
                </Title>
                <Text className="dd-secondary-text">{step.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box
        py={{ base: 48, md: 80 }}
        px="sm"
        style={{ background: "var(--dd-gradient-gray)" }}
        aria-labelledby="benefits"
      >
        <Container size={1170} px={0}>
          <Title order={2} id="benefits" ta="center" mb="xl">
            Why dealers choose DealDesk
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {benefits.map((benefit) => (
              <Box
                key={benefit.title}
                p="md"
                bg="var(--mantine-color-body)"
                style={{ borderRadius: 8, border: "1px solid var(--mantine-color-default-border)" }}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="filled">
                    <benefit.icon size={22} aria-hidden="true" />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Title order={3} fz="1.25rem">
                      {benefit.title}
                    </Title>
                    <Text className="dd-secondary-text">{benefit.text}</Text>
                  </Stack>
                </Group>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box py={{ base: 48, md: 80 }} px="sm" aria-labelledby="about-us">
        <Container size={1170} px={0}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="sm">
              <Title order={2} id="about-us">
                About Us
              </Title>
              <Text>
                We are engineers who spent years around showroom floors and BDC desks. We watched good deals
                die in a string of texts: a payment quoted on a napkin, a trade-in number that changed on the
                lot, a shopper who stopped answering.
              </Text>
              <Text>
                DealDesk is our answer: an open-source desking tool that any dealership can run on its own
                server, with numbers that are exact to the cent and a deal both sides can see and shape at the
                same time. No per-seat fees and no vendor holding your customer data.
              </Text>
            </Stack>
            <Stack gap="md" justify="center">
              {[
                { icon: IconBolt, text: "Live: every change reaches the other side instantly." },
                { icon: IconShieldCheck, text: "Exact: all money is computed in whole cents." },
                { icon: IconDeviceMobile, text: "Mobile first: built for the shopper's phone." },
              ].map((item) => (
                <Group key={item.text} gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size={36} radius="xl">
                    <item.icon size={20} aria-hidden="true" />
                  </ThemeIcon>
                  <Text fw={500}>{item.text}</Text>
                </Group>
              ))}
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>

      <Box style={{ background: "var(--dd-gradient-cta)" }} c="white" py={{ base: 48, md: 72 }} px="sm">
        <Container size={1170} px={0}>
          <Stack align="center" gap="md" ta="center">
            <Title order={2}>Ready to close your next deal online?</Title>
            <Text fz="lg" c="rgba(255,255,255,0.92)" maw={620}>
              Set up your dealership in ten minutes and send your first live quote today.
            </Text>
            <MainButton signedIn={signedIn} signedOutLabel="Get Started Now" />
          </Stack>
        </Container>
      </Box>
    </>
  );
}
