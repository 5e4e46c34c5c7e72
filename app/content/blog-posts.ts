import { blogPostsHi } from "#app/content/hi/blog-posts.ts";
import type { Localized } from "#app/content/localized.ts";
import type { BlogPost } from "#app/content/types.ts";

export const blogPosts: BlogPost[] = [
  {
    id: 1,
    title: "5 Essential Stretches for Lower Back Pain Relief",
    excerpt:
      "Five gentle stretches that can ease everyday lower back stiffness, with clear steps, hold times and the warning signs that mean you should see a doctor first.",
    date: "Nov 10, 2026",
    isoDate: "2026-11-10",
    readTime: "5 min read",
    category: "Pain Management",
    keywords: [
      "lower back pain stretches",
      "exercises for lower back pain at home",
      "back pain relief Delhi",
      "physiotherapy for back pain at home",
      "back pain physiotherapist Gurugram",
    ],
    content: [
      {
        type: "p",
        text: "Lower back pain is one of the most common reasons people in Delhi NCR reach out to a physiotherapist. Long hours at a desk, long commutes in traffic, a sagging mattress, or lifting a heavy bucket or a child awkwardly – many everyday habits load the lower back. For most people the pain is 'non-specific', meaning it comes from muscles, joints and ligaments rather than a serious underlying disease, and it usually settles with time, movement and sensible self-care.",
      },
      {
        type: "p",
        text: "The five gentle stretches below are commonly used by physiotherapists to ease stiffness and help you move more comfortably. They do not replace a proper assessment, but they are a safe starting point for most adults with mild, everyday back pain.",
      },
      { type: "h2", text: "Before you start" },
      {
        type: "ul",
        items: [
          "Use a firm surface: a yoga mat or a folded dari on the floor works well. If getting down to the floor is difficult, some stretches can be done on a firm bed.",
          "Move slowly and breathe normally. A stretch should feel like a gentle pull, never a sharp or shooting pain.",
          "Start with fewer repetitions and build up over a week or two.",
          "Stretch once or twice a day, for example in the morning and after long periods of sitting.",
          "If any stretch makes pain travel further down your leg, stop that stretch.",
        ],
      },
      { type: "h2", text: "1. Knee-to-chest stretch" },
      {
        type: "p",
        text: "This gently stretches the lower back and buttocks and is usually comfortable even when the back is stiff.",
      },
      {
        type: "ol",
        items: [
          "Lie on your back with both knees bent and feet flat on the floor.",
          "Hold behind one knee (not on top of the kneecap) and slowly draw it towards your chest until you feel a comfortable stretch in your lower back and buttock.",
          "Keep the other foot on the floor and your head relaxed on the mat.",
          "Hold for 20–30 seconds, then lower slowly. Repeat 3 times on each side.",
        ],
      },
      { type: "h2", text: "2. Cat-camel" },
      {
        type: "p",
        text: "A slow, rhythmic movement rather than a held stretch, this is especially useful for morning stiffness.",
      },
      {
        type: "ol",
        items: [
          "Come onto your hands and knees, with hands under your shoulders and knees under your hips. Put a folded towel under your knees if kneeling hurts.",
          "Breathe out and slowly round your back upwards, tucking in your chin and tailbone, like a cat arching.",
          "Breathe in and gently let your back dip a little, lifting your head and tailbone, without forcing the movement.",
          "Move slowly between the two positions, pausing for 2–3 seconds at each end. Do 10 repetitions.",
        ],
      },
      { type: "h2", text: "3. Child's pose" },
      {
        type: "ol",
        items: [
          "From hands and knees, keep your hands where they are and slowly sit your hips back towards your heels.",
          "Let your chest lower towards the floor and rest your forehead on the mat or a cushion.",
          "Hold for 20–30 seconds and repeat 3 times.",
        ],
      },
      {
        type: "p",
        text: "If you have had knee surgery or your knees do not bend fully, skip this stretch or place a pillow between your heels and hips.",
      },
      { type: "h2", text: "4. Figure-four (piriformis) stretch" },
      {
        type: "p",
        text: "Tight buttock muscles, common in people who sit for long hours, can add to lower back pain.",
      },
      {
        type: "ol",
        items: [
          "Lie on your back with both knees bent.",
          "Cross your right ankle over your left knee, making a figure 4 shape.",
          "Hold behind your left thigh and gently draw it towards your chest until you feel a stretch deep in the right buttock.",
          "Hold for 20–30 seconds, then switch sides. Repeat 3 times on each side.",
        ],
      },
      {
        type: "p",
        text: "At the office, try a seated version: place one ankle on the opposite knee and lean slightly forward with a straight back.",
      },
      { type: "h2", text: "5. Pelvic tilts" },
      {
        type: "p",
        text: "Strictly a gentle mobility exercise rather than a stretch, this eases stiffness and teaches you to control the position of your lower back.",
      },
      {
        type: "ol",
        items: [
          "Lie on your back with knees bent, feet flat and arms by your sides.",
          "Gently tighten your tummy muscles and flatten the small of your back against the floor, tilting your pelvis slightly upwards.",
          "Hold for 5 seconds while breathing normally, then relax.",
          "Repeat 10 times.",
        ],
      },
      { type: "h2", text: "Everyday habits that help" },
      {
        type: "ul",
        items: [
          "Keep moving. Short walks through the day usually help more than bed rest, which tends to make stiffness worse.",
          "Break up sitting. At a desk or on a long commute, change position or stand up every 30–45 minutes if you can.",
          "Lift smartly: bend your knees, keep the load close to your body and avoid twisting while lifting, whether it is a gas cylinder, a water bucket or shopping bags.",
          "If floor sitting or squatting for household chores aggravates your pain, use a low stool for a while and return to the floor gradually as the pain settles.",
          "A hot water bag wrapped in a towel, used for 15–20 minutes, can relax tight muscles; never fall asleep on it.",
        ],
      },
      { type: "h2", text: "When to get professional help" },
      {
        type: "p",
        text: "Most episodes of lower back pain improve within a few weeks. If your pain is not easing after two to three weeks, keeps coming back, or is stopping you from working, sleeping or looking after your family, a physiotherapist can assess you properly. Our physiotherapists can visit you at home, check how your back moves and design an exercise programme that fits your routine.",
      },
      {
        type: "note",
        text: "Stop exercising and see a doctor urgently if you have numbness or tingling around the groin, genitals or buttocks, new difficulty controlling your bladder or bowels, weakness in one or both legs, or pain spreading down both legs. Also seek medical advice promptly if back pain follows a fall or accident, comes with fever or unexplained weight loss, is severe at night and not relieved by rest, or if you have a history of cancer or osteoporosis.",
      },
    ],
  },
  {
    id: 2,
    title: "Recovery Tips After Knee Surgery",
    excerpt:
      "Practical tips for the first weeks after knee replacement or ligament surgery: managing swelling, early exercises, walking, stairs and setting up your home.",
    date: "Oct 22, 2026",
    isoDate: "2026-10-22",
    readTime: "5 min read",
    category: "Post-Surgery Care",
    keywords: [
      "knee replacement recovery tips",
      "exercises after knee surgery",
      "physiotherapy after knee replacement at home",
      "ACL surgery rehabilitation",
      "post-surgery physiotherapy Delhi NCR",
    ],
    content: [
      {
        type: "p",
        text: "Whether you have had a total knee replacement, an ACL reconstruction or a keyhole (arthroscopic) procedure, what you do in the weeks after surgery plays a big part in how well your knee moves and how confidently you walk again. The operation fixes the structural problem; rehabilitation rebuilds the strength, movement and confidence around it.",
      },
      {
        type: "p",
        text: "Every surgeon has their own protocol, and the right pace depends on the type of surgery, your health and how your knee responds. Treat these tips as general guidance and always follow your surgeon's and physiotherapist's instructions.",
      },
      { type: "h2", text: "Control pain and swelling" },
      {
        type: "p",
        text: "Some pain and swelling is normal and can last several weeks, especially after a knee replacement. Keeping it under control makes exercise much easier.",
      },
      {
        type: "ul",
        items: [
          "Take pain medicines as prescribed, ideally timed to work before your exercise sessions.",
          "Use an ice pack or a packet of frozen peas wrapped in a thin cloth for 15–20 minutes at a time, a few times a day, unless your surgeon has advised otherwise. Never put ice directly on the skin or on a wet dressing.",
          "When resting, raise the leg on pillows placed under the calf and heel, ideally above the level of your heart.",
          "Avoid keeping a pillow under the knee for long periods. It feels comfortable but can make it harder to straighten the knee fully later.",
        ],
      },
      { type: "h2", text: "Start the early exercises" },
      {
        type: "p",
        text: "Most patients are encouraged to begin gentle exercises within a day or two of surgery. The aim in the first few weeks is to get the knee straightening fully, bending a little more each week, and the thigh muscle (quadriceps) working again. Common early exercises include:",
      },
      {
        type: "ul",
        items: [
          "Ankle pumps: move your foot up and down briskly, 10–20 times every hour while awake. This helps blood circulation in the calf.",
          "Quadriceps sets: with the leg straight, tighten the thigh muscle to press the back of the knee down into the bed. Hold for 5 seconds and repeat 10 times, several times a day.",
          "Straight leg raises: tighten the thigh, then lift the straight leg about a hand's height off the bed. Hold for 3–5 seconds and lower slowly. Start with 5–10 repetitions.",
          "Heel slides: lying on your back, slowly slide your heel towards your buttock to bend the knee, then slide it back out. Repeat 10 times, within the range your surgeon allows.",
          "Knee straightening: rest your heel on a rolled towel with nothing under the knee and let the knee relax straight for a few minutes.",
        ],
      },
      {
        type: "p",
        text: "Little and often works better than one long, painful session. Some discomfort during exercise is expected, but pain that is sharp, or that stays much worse for hours afterwards, is a sign to ease back and discuss it with your physiotherapist.",
      },
      { type: "h2", text: "Walking and using stairs safely" },
      {
        type: "p",
        text: "Use your walker, crutches or walking stick exactly as advised, and only reduce support when your physiotherapist says you are ready. Several short walks through the day are better than one long walk.",
      },
      {
        type: "p",
        text: "Many Delhi NCR homes have internal stairs, or upper-floor flats without a lift. Until your knee is strong, follow the rule physiotherapists teach: 'up with the good, down with the operated'.",
      },
      {
        type: "ul",
        items: [
          "Going up: hold the railing, step up with your non-operated leg first, then bring the operated leg and the stick up to the same step.",
          "Going down: put the stick and the operated leg down first, then follow with the non-operated leg.",
          "Take one step at a time, and have someone beside you for the first few attempts.",
        ],
      },
      { type: "h2", text: "Set up your home before you need it" },
      {
        type: "ul",
        items: [
          "Clear loose rugs, wires and clutter from the path between your bed and the bathroom.",
          "Floor sitting, cross-legged sitting and deep squatting put a very high bending load on the knee. After a knee replacement in particular, avoid them until your surgeon clears you.",
          "If your home has an Indian-style toilet, arrange a commode chair or a raised toilet seat before you come home from hospital.",
          "Sit in a firm chair with armrests that is not too low.",
          "In the bathroom, use a stool, a non-slip mat and a mug within easy reach rather than bending low over a bucket.",
        ],
      },
      { type: "h2", text: "Look after the rest of your body" },
      {
        type: "ul",
        items: [
          "Eat enough protein to support healing, such as dal, pulses, paneer, curd, eggs, fish or chicken as per your diet, along with fruit and vegetables.",
          "Drink enough water, especially in the Delhi summer. Dehydration can make you dizzy and more likely to fall.",
          "Keep the wound clean and dry, and follow the dressing instructions you were given.",
          "Take blood-thinning medicines and wear compression stockings exactly as prescribed.",
        ],
      },
      { type: "h2", text: "Be patient and consistent" },
      {
        type: "p",
        text: "Recovery is rarely a straight line, so judge progress over weeks rather than days. Agree the timing for driving, work and returning to floor sitting for puja or family functions with your surgeon and physiotherapist.",
      },
      {
        type: "p",
        text: "If travelling to a clinic several times a week is difficult straight after surgery, a physiotherapist can visit you at home to guide your exercises, check your walking and stair technique, and adjust the programme as your knee improves.",
      },
      {
        type: "note",
        text: "Contact your surgeon or go to the nearest emergency department straight away if you develop pain, swelling, warmth or tenderness in the calf; sudden breathlessness or chest pain; fever or chills; redness, increasing pain, discharge or a bad smell from the wound; or a sudden large increase in knee swelling. Chest pain or sudden breathlessness can be a sign of a blood clot in the lungs and needs emergency care.",
      },
    ],
  },
  {
    id: 3,
    title: "The Benefits of At-Home Physiotherapy",
    excerpt:
      "Skipping the commute is only the start. Here is how physiotherapy at home works, who it suits best and what to expect at your first visit.",
    date: "Sep 30, 2026",
    isoDate: "2026-09-30",
    readTime: "4 min read",
    category: "General Health",
    keywords: [
      "physiotherapy at home",
      "home physiotherapy benefits",
      "physiotherapist home visit Delhi NCR",
      "physiotherapy at home Gurugram",
      "home physiotherapy Noida",
    ],
    content: [
      {
        type: "p",
        text: "Physiotherapy works best when it is regular and when the exercises you learn become part of daily life. For many people in Delhi NCR, the biggest obstacle is not the treatment itself but getting to it: long drives through traffic, parking, summer heat, winter smog and, for older patients, the stairs and waiting rooms in between.",
      },
      {
        type: "p",
        text: "Home physiotherapy brings a qualified physiotherapist to you. It is not right for every situation, but for many patients it makes treatment easier to start and easier to stick with. Here is what it offers and how to decide whether it suits you.",
      },
      { type: "h2", text: "Less travel, more energy for recovery" },
      {
        type: "p",
        text: "A trip across Gurugram, Noida or Delhi for a 45-minute session can take up a large part of the day and leave you tired before you even begin. This matters most after surgery, after a stroke, or for anyone in severe pain, where the journey itself can be painful or unsafe. At home, your time and energy go into treatment rather than travel, and a family member does not have to take time off work to drive you.",
      },
      { type: "h2", text: "Treatment in the place you actually live" },
      {
        type: "p",
        text: "Exercises learned in a clinic do not always transfer easily to real life. At home, your physiotherapist can work on the exact tasks you find difficult:",
      },
      {
        type: "ul",
        items: [
          "Getting in and out of your own bed, chair and car.",
          "Climbing the stairs in your house or building.",
          "Getting on and off the toilet and moving safely in the bathroom.",
          "Getting down to and up from the floor, if floor sitting is part of your routine.",
          "Walking in your corridor, lift lobby or society park.",
        ],
      },
      {
        type: "p",
        text: "They can also point out hazards such as loose rugs, poor lighting or slippery bathroom floors, and suggest simple changes such as grab bars or a raised toilet seat.",
      },
      { type: "h2", text: "One-to-one attention" },
      {
        type: "p",
        text: "A home session is focused entirely on you, without the therapist dividing their time between several patients. Your physiotherapist can watch your technique closely, adjust exercises on the spot and progress your programme at a pace that suits you.",
      },
      { type: "h2", text: "Family members can be part of it" },
      {
        type: "p",
        text: "Carers and family members are often present during home visits. They can learn how to help safely with walking, transfers and exercises, what to watch out for, and how to encourage without overdoing it. This is especially valuable for elderly parents and for people recovering from a stroke or major surgery, where family support between sessions makes a real difference.",
      },
      { type: "h2", text: "Easier to stay consistent" },
      {
        type: "p",
        text: "Missed appointments are a common reason rehabilitation stalls. When you do not have to plan around traffic, weather or the availability of a driver, it is easier to keep to a regular schedule, and regular practice is what builds strength and movement over time.",
      },
      { type: "h2", text: "Less exposure for vulnerable patients" },
      {
        type: "p",
        text: "For older adults, people with low immunity and those who have just come home from hospital, avoiding crowded waiting areas, and staying indoors on days of very poor air quality, can be a sensible precaution.",
      },
      { type: "h2", text: "Who benefits most" },
      {
        type: "ul",
        items: [
          "People recovering from knee or hip replacement, fractures or spine surgery.",
          "Stroke survivors and people living with Parkinson's disease or other neurological conditions.",
          "Older adults with reduced mobility, balance problems or a fear of falling.",
          "People with back or neck pain that makes sitting in a car difficult.",
          "Anyone who finds regular travel to a clinic impractical.",
        ],
      },
      { type: "h2", text: "What to expect at the first visit" },
      {
        type: "ol",
        items: [
          "A conversation about your problem, your medical history, your medicines and what you want to be able to do again.",
          "A physical assessment of movement, strength, balance and walking, as appropriate.",
          "A look at your home set-up where it is relevant to your recovery.",
          "A clear explanation of what is going on and a plan with realistic short-term goals.",
          "A few starting exercises, with clear instructions on how often to do them.",
        ],
      },
      {
        type: "p",
        text: "Keep your doctor's notes, hospital discharge summary and any X-ray or scan reports ready for the physiotherapist to see.",
      },
      { type: "h2", text: "When a clinic or hospital may be better" },
      {
        type: "p",
        text: "Home physiotherapy has its limits. Some treatments need specialised equipment, and some conditions need investigation or close medical supervision. A good physiotherapist will tell you honestly if you need a doctor's review, a scan or a clinic-based programme, and will work alongside your doctor rather than replace them. If you are unsure which option is right, our physiotherapists can talk it through with you and your family.",
      },
      {
        type: "note",
        text: "Home physiotherapy is not an emergency service. Call an ambulance or go to the nearest emergency department for chest pain, severe breathlessness, sudden weakness or numbness of the face, arm or leg, slurred speech, sudden confusion, or a fall with a suspected fracture or head injury.",
      },
    ],
  },
  {
    id: 4,
    title: "Preventing Sports Injuries: A Guide for Athletes",
    excerpt:
      "Warm-ups, the 10% rule, strength work, recovery and training smart in Delhi heat and smog: practical ways for athletes of every level to reduce injury risk.",
    date: "Sep 05, 2026",
    isoDate: "2026-09-05",
    readTime: "5 min read",
    category: "Sports Medicine",
    keywords: [
      "sports injury prevention",
      "10% rule training",
      "running injury prevention tips",
      "warm up exercises before sports",
      "sports physiotherapy Delhi NCR",
    ],
    content: [
      {
        type: "p",
        text: "Whether you play weekend cricket, run in your society park, train for a half marathon, play badminton after office or compete at school or college level, an injury can keep you out of the game for weeks. Many sports injuries are not simply bad luck. Overuse injuries such as shin splints, runner's knee, tendon pain and stress fractures often build up gradually when the body is asked to do more than it is ready for.",
      },
      {
        type: "p",
        text: "The good news is that many injuries can be made less likely with a few consistent habits.",
      },
      { type: "h2", text: "Warm up properly, every time" },
      {
        type: "p",
        text: "A good warm-up raises your body temperature, increases blood flow to your muscles and prepares your joints for the movements your sport demands. Spend around 10–15 minutes on it:",
      },
      {
        type: "ul",
        items: [
          "Start with light cardio such as brisk walking, easy jogging or skipping for about 5 minutes.",
          "Move on to dynamic movements: leg swings, walking lunges, arm circles, high knees and heel flicks.",
          "Finish with sport-specific drills at gradually increasing intensity, such as shadow batting, short sprints or light rallies.",
        ],
      },
      {
        type: "p",
        text: "Save long, held static stretches for after training or for a separate session. Long holds just before fast, explosive activity are generally not recommended.",
      },
      { type: "h2", text: "Follow the 10% rule" },
      {
        type: "p",
        text: "Doing too much, too soon is one of the most common causes of overuse injury. Tendons, bones and ligaments adapt to training more slowly than your heart, lungs and muscles, so you may feel fit enough to push harder before your tissues are ready.",
      },
      {
        type: "p",
        text: "The 10% rule is a simple guideline: increase your weekly training volume, whether you measure it as distance, time or load, by no more than 10% per week. For example:",
      },
      {
        type: "ul",
        items: [
          "If you run 20 km this week, aim for no more than 22 km next week.",
          "If you train for 3 hours a week, go up to about 3 hours 18 minutes next week, not straight to 5 hours.",
          "If you lift weights, add load or sets in small steps so that your total weekly volume rises gradually rather than in one big jump.",
        ],
      },
      {
        type: "p",
        text: "Build in an easier week every three to four weeks, reducing your volume so your body can absorb the training. After a break, an illness or an injury, restart at a lower level than where you left off rather than picking up at your old volume. The 10% rule is a guide, not a law: beginners and people returning from injury may need to progress even more slowly, and it is wise to avoid increasing distance and intensity in the same week.",
      },
      { type: "h2", text: "Build strength, not just fitness" },
      {
        type: "p",
        text: "Strong muscles help absorb load and protect joints. Two or three short strength sessions a week can make a real difference. Useful areas for most athletes include:",
      },
      {
        type: "ul",
        items: [
          "Hips and glutes: bridges, side-lying leg raises and single-leg squats to control the knee.",
          "Calves: heel raises on a step, building up to single-leg raises, which are especially important for runners.",
          "Core: planks, side planks and bird-dogs for trunk control.",
          "Shoulders: resistance band rotations for bowlers, swimmers and badminton or tennis players.",
          "Landing and change of direction: for football, basketball and kabaddi, practise landing softly with knees in line with your toes.",
        ],
      },
      { type: "h2", text: "Respect rest and recovery" },
      {
        type: "ul",
        items: [
          "Take at least one full rest day a week, and alternate hard and easy sessions.",
          "Aim for 7–9 hours of sleep. Poor sleep affects recovery, concentration and reaction time.",
          "Eat enough to fuel your training, with adequate protein and carbohydrates.",
          "Mix in cross-training such as swimming or cycling to maintain fitness while giving overworked tissues a break.",
        ],
      },
      { type: "h2", text: "Train smart in Delhi NCR weather" },
      {
        type: "ul",
        items: [
          "In summer, train early in the morning or after sunset, and avoid the hottest part of the day.",
          "Drink water before, during and after exercise, and consider oral rehydration or electrolyte drinks during long sessions in the heat.",
          "Give yourself one to two weeks to get used to the heat, starting with shorter, easier sessions.",
          "On days when the air quality index is poor, especially in winter, move your session indoors or reduce the intensity. People with asthma should be particularly careful.",
        ],
      },
      { type: "h2", text: "Gear and technique" },
      {
        type: "p",
        text: "Wear footwear suited to your sport and replace shoes when the cushioning or grip is worn out. Use protective gear such as helmets, guards and pads where your sport requires it. Poor technique, such as overstriding when running or a faulty bowling action, places repeated stress on the same tissues; a coach or physiotherapist can help you correct it.",
      },
      { type: "h2", text: "Listen to your body" },
      {
        type: "p",
        text: "Mild muscle soreness a day or two after a hard session is normal. Pain that is sharp or localised, gets worse as you keep playing, changes the way you move, or is still there the next morning is different. Playing through this kind of pain often turns a minor problem into a long lay-off. Cut back your training and get it checked early. A sports physiotherapist can assess you, find the cause and guide a safe, gradual return to play, and our physiotherapists can do this at your home.",
      },
      {
        type: "note",
        text: "Stop playing and get medical attention if you hear or feel a pop followed by rapid swelling, cannot put weight on a limb, see an obvious deformity, or have numbness or tingling. After any blow to the head, stop immediately and get checked for concussion. Chest pain, fainting, unusual breathlessness or palpitations during exercise need urgent medical assessment, as do signs of heat stroke such as confusion, hot skin, vomiting or collapse.",
      },
    ],
  },
  {
    id: 5,
    title: "Maintaining Mobility as You Age",
    excerpt:
      "Simple daily walking, strength and balance routines, plus home safety changes, that help older adults stay independent, active and steady on their feet.",
    date: "Aug 12, 2026",
    isoDate: "2026-08-12",
    readTime: "5 min read",
    category: "Elderly Care",
    keywords: [
      "exercises for senior citizens at home",
      "balance exercises for elderly",
      "fall prevention elderly India",
      "mobility exercises for older adults",
      "elderly physiotherapy at home Delhi",
    ],
    content: [
      {
        type: "p",
        text: "Losing some strength and flexibility with age is common, but a steady decline in mobility is not inevitable. Much of what we call 'getting old' is actually the effect of moving less. Muscles, bones and balance continue to respond to exercise well into the seventies, eighties and beyond.",
      },
      {
        type: "p",
        text: "Staying mobile means being able to walk to the park, climb the stairs at home, get up from a chair or the floor, and use the bathroom safely without help. This guide covers simple ways for older adults, and the families who care for them, to protect that independence.",
      },
      { type: "h2", text: "Keep walking, every day" },
      {
        type: "p",
        text: "Walking is one of the best all-round activities for older adults. Start from where you are: even 5–10 minutes, two or three times a day, is a good beginning. If your doctor agrees, build up gradually towards about 30 minutes on most days. A morning walk in the society park counts, and so does a slow walk around the house on very hot or smoggy days.",
      },
      { type: "h2", text: "Strengthen the muscles you use every day" },
      {
        type: "p",
        text: "Leg strength is closely linked to independence. These simple exercises can be done at home 2–3 times a week, next to a sturdy support such as a kitchen counter:",
      },
      {
        type: "ul",
        items: [
          "Sit-to-stand: from a firm chair, stand up without using your hands if you can, then sit down slowly. Repeat 8–10 times.",
          "Heel raises: holding the counter, rise up onto your toes and lower slowly. Repeat 10 times.",
          "Side leg raises: standing tall and holding the counter, lift one leg out to the side and bring it back. Repeat 10 times on each side.",
          "Mini squats: with feet hip-width apart, bend your knees slightly as if about to sit, then straighten. Repeat 10 times.",
          "Wall push-ups: stand an arm's length from a wall, place your palms on it and bend your elbows to bring your chest towards the wall, then push back. Repeat 10 times.",
        ],
      },
      {
        type: "p",
        text: "Start with fewer repetitions if needed. Mild muscle tiredness is fine; joint pain that lasts for hours afterwards means you should do less and ask for advice.",
      },
      { type: "h2", text: "Practise balance" },
      {
        type: "p",
        text: "Balance is a skill that fades if it is not used, and it plays a key part in preventing falls. Always practise next to a counter or a sturdy chair, with someone nearby at first:",
      },
      {
        type: "ul",
        items: [
          "Stand with your feet together for 10–30 seconds.",
          "Stand with one foot directly in front of the other, heel to toe, for 10–30 seconds, then swap feet.",
          "Stand on one leg, holding the counter lightly, for up to 10–30 seconds on each side.",
          "Walk heel to toe along the counter for 10 steps.",
        ],
      },
      {
        type: "p",
        text: "As these get easier, reduce how much you hold on. Gentle yoga or tai chi adapted for seniors can also help balance, as long as the postures are modified to suit your joints.",
      },
      { type: "h2", text: "Keep joints moving" },
      {
        type: "p",
        text: "Gentle range-of-movement exercises help counter stiffness: shoulder rolls, reaching the arms overhead, slowly turning the head from side to side, ankle circles, and bending and straightening the knees while seated. A few minutes each morning can make it easier to get going.",
      },
      { type: "h2", text: "Getting up from the floor" },
      {
        type: "p",
        text: "Many older adults in India still sit on the floor for meals, prayers or family gatherings. If you do, practise getting down and up safely while you are strong enough, with a stable chair or bed to push on. A physiotherapist can teach a safe technique and advise whether floor sitting is suitable for your knees and hips. Knowing how to get up after a fall, or how to call for help and keep warm if you cannot, is just as important.",
      },
      { type: "h2", text: "Make the home safer" },
      {
        type: "ul",
        items: [
          "Install grab bars near the toilet and in the bathing area, and use non-slip mats.",
          "Use a raised toilet seat or a commode chair if getting up from an Indian-style toilet is difficult.",
          "Make sure lighting is good, including night lights on the way to the bathroom.",
          "Fit handrails on both sides of staircases where possible, and mark the edges of steps clearly.",
          "Remove loose rugs, trailing wires and clutter from walkways.",
          "Wear well-fitting footwear with a back strap and a grippy sole; loose or worn-out chappals are a common cause of slips.",
        ],
      },
      { type: "h2", text: "Other things that matter" },
      {
        type: "ul",
        items: [
          "Get your eyes and hearing checked regularly.",
          "Ask your doctor to review your medicines, especially any that make you drowsy or dizzy.",
          "Drink enough water, particularly during the Delhi summer, as dehydration can cause dizziness.",
          "Eat enough protein, and ask your doctor whether you need your calcium and vitamin D levels checked.",
          "Stand up slowly after lying or sitting, especially at night, to avoid light-headedness.",
          "Stay socially active: walking with friends or joining a seniors' group helps with motivation.",
        ],
      },
      {
        type: "p",
        text: "If you have had a fall, feel unsteady, or find that daily tasks are getting harder, a physiotherapist can assess your strength, balance and walking, check your home for hazards and create a safe programme. Our physiotherapists can visit you at home, which is often the most practical option for seniors and their families.",
      },
      {
        type: "note",
        text: "Stop exercising and seek medical help if you feel chest pain or pressure, unusual breathlessness, dizziness or palpitations. Call for emergency help immediately for sudden weakness or numbness on one side of the body, drooping of the face, slurred speech or sudden confusion, as these can be signs of a stroke. Any fall with a head injury, or any fall in someone taking blood thinners, should be checked by a doctor.",
      },
    ],
  },
  {
    id: 6,
    title: "Understanding Chronic Pain Management",
    excerpt:
      "Chronic pain is more than a damaged body part. Learn why long-lasting pain behaves differently and the active, practical strategies that help people live better with it.",
    date: "Jul 18, 2026",
    isoDate: "2026-07-18",
    readTime: "5 min read",
    category: "Pain Management",
    keywords: [
      "chronic pain management",
      "persistent pain physiotherapy",
      "living with chronic back pain",
      "pain management exercises at home",
      "chronic pain physiotherapist Delhi NCR",
    ],
    content: [
      {
        type: "p",
        text: "Pain that lasts longer than about three months, beyond the usual time for tissues to heal, is called chronic or persistent pain. It is very common. It can affect the back, neck, knees, shoulders or many parts of the body at once; it can follow an injury, come with a condition such as osteoarthritis or fibromyalgia, or develop without a clear cause.",
      },
      {
        type: "p",
        text: "Living with pain every day is exhausting, and it affects sleep, work, mood and family life. Many people go from doctor to doctor looking for the one test or treatment that will switch it off. Understanding how chronic pain works is often the first step towards managing it better.",
      },
      { type: "h2", text: "Why chronic pain is different" },
      {
        type: "p",
        text: "Acute pain, such as after a sprain, is a useful alarm that tells you something needs protecting. In chronic pain, the alarm system itself can become more sensitive. The nerves and brain may keep producing pain after the original tissues have healed, or produce more pain than the state of the tissues would suggest. This is often called sensitisation.",
      },
      {
        type: "p",
        text: "This does not mean the pain is imagined. The pain is real, but it is not always a reliable measure of damage: hurt does not always mean harm. Sleep, stress, worry, low mood, inactivity and past experiences can all turn the volume up or down. That is why the most effective approaches usually combine several strategies rather than relying on a single treatment.",
      },
      { type: "h2", text: "Active strategies that help" },
      { type: "h3", text: "Graded exercise" },
      {
        type: "p",
        text: "Regular movement is one of the most reliable ways to reduce chronic pain and improve function. Start at a level you can manage even on a bad day, such as a 5-minute walk or a few gentle exercises, and increase slowly over weeks. Walking, swimming, cycling, yoga and strength training can all help; the best exercise is the one you will keep doing. A small increase in pain when you start is common and does not usually mean you are causing damage.",
      },
      { type: "h3", text: "Pacing and avoiding the boom-bust cycle" },
      {
        type: "p",
        text: "Many people with chronic pain do a lot on good days, pay for it with a flare-up, and then rest for days. Over time, this cycle shrinks what they are able to do. Pacing breaks the pattern:",
      },
      {
        type: "ul",
        items: [
          "Find your baseline: the amount of an activity you can do on most days without a major flare-up.",
          "Break big tasks into smaller chunks with short breaks, for example cleaning one room at a time.",
          "Change position and activity regularly, especially during long commutes or desk work.",
          "Increase activity in small, planned steps rather than according to how you feel on the day.",
        ],
      },
      { type: "h3", text: "Sleep" },
      {
        type: "p",
        text: "Poor sleep and pain feed each other. Keep regular sleep and wake times, limit screens and tea or coffee late in the day, keep the room dark and comfortable, and discuss ongoing sleep problems with your doctor.",
      },
      { type: "h3", text: "Stress and mood" },
      {
        type: "p",
        text: "Worry, stress and low mood are common with long-term pain and can make it feel worse. Relaxed breathing, meditation, gentle yoga, time with family and friends, and hobbies can all help. If you feel low or anxious most of the time, talk to your doctor; support from a psychologist or counsellor is a normal part of pain management, not a sign that the pain is 'in your head'.",
      },
      { type: "h3", text: "Medicines" },
      {
        type: "p",
        text: "Medicines help some people, but in chronic pain they usually work best as one part of a wider plan. Take them only as prescribed, avoid relying on over-the-counter painkillers for long periods without medical advice, and ask your doctor to review them regularly.",
      },
      { type: "h2", text: "How a physiotherapist can help" },
      {
        type: "ul",
        items: [
          "Assess your movement, strength and daily activities, and look out for signs that need a doctor's review.",
          "Explain your pain in plain language, which by itself can reduce fear and help you move more.",
          "Design a graded exercise and activity plan around your goals, such as walking to the market, sitting through a family function or returning to work.",
          "Use hands-on treatment, heat or other techniques where useful, to support an active programme rather than replace it.",
          "Help you prepare for flare-ups so they feel less frightening.",
        ],
      },
      { type: "h2", text: "Making a flare-up plan" },
      {
        type: "p",
        text: "Flare-ups are expected and do not mean you are back to square one. Write down a simple plan in advance: what eases your pain (warmth, gentle movement, relaxation), how you will reduce but not completely stop activity for a few days, who can help with chores, and when you will return to your normal routine. Having a plan makes flare-ups easier to ride out.",
      },
      { type: "h2", text: "Setting realistic goals" },
      {
        type: "p",
        text: "The aim of chronic pain management is often not to remove every bit of pain, but to reduce it where possible and help you do more of what matters to you. Small, specific goals work best, for example 'walk for 15 minutes in the park four days a week' rather than 'get rid of my back pain'. Our physiotherapists can visit you at home in Delhi NCR and work through these goals with you and your family, at a pace that suits you.",
      },
      {
        type: "note",
        text: "See a doctor promptly if your pain changes in character or becomes much worse, or if it comes with fever, unexplained weight loss, night sweats, severe pain at night, new numbness or weakness, or loss of bladder or bowel control. If you are feeling hopeless or having thoughts of harming yourself, contact a doctor or emergency services straight away.",
      },
    ],
  },
];

export const blogPostsByLang: Localized<BlogPost[]> = { en: blogPosts, hi: blogPostsHi };
