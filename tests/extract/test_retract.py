"""Retraction matching and the head/rules combination (pure functions; issue 25)."""
from __future__ import annotations

from pipelines.extract.amend import amend
from pipelines.extract.amend_reply import short_reply
from pipelines.extract.retract import Retraction, combine, read_retraction
from pipelines.extract.retract_head import CLASSES, load_head
from pipelines.extract.retract_keep import keep_whole, kept_part
from pipelines.extract.retract_match import Match, Note, by_meaning, equally_near, match

NONE = {"none": 0.9, "topic": 0.05, "last": 0.03, "all": 0.02}
TOPIC = {"none": 0.05, "topic": 0.85, "last": 0.05, "all": 0.05}
LAST = {"none": 0.05, "topic": 0.1, "last": 0.8, "all": 0.05}
ALL = {"none": 0.05, "topic": 0.1, "last": 0.05, "all": 0.8}
UNSURE = {"none": 0.6, "topic": 0.3, "last": 0.05, "all": 0.05}


def test_the_head_decides_whether_it_is_a_retraction_and_the_rules_give_the_quote() -> None:
    assert combine("I always forget my keys", None, NONE) is None
    assert combine("don't forget my meeting", Retraction("topic", "meeting"), NONE) is None  # the head vetoes
    assert combine("whatever", None, UNSURE) is None  # unsure and no rule: not a retraction
    assert combine("x", Retraction("topic", "dog"), UNSURE) == Retraction("topic", "dog", said="x")
    quoted = Retraction("topic", "boss", "I hate my boss")
    assert combine("forget 'I hate my boss'", quoted, LAST) == Retraction("topic", "boss", "I hate my boss",
                                                                          said="forget 'I hate my boss'")
    assert combine("wipe it", None, ALL) == Retraction("all", said="wipe it")
    assert combine("lol the first one", Retraction("first"), LAST) == Retraction("first", said="lol the first one")
    assert combine("no rules", None, TOPIC) is not None and combine("no head", Retraction("last"), None) == Retraction("last", said="no head")


def test_meaning_alone_forgets_only_a_clearly_nearest_note() -> None:
    clear = [Note(1, "User has type 1 diabetes.", 0.84), Note(2, "User coaches soccer.", 0.74)]
    assert [n.id for n in by_meaning(clear).forget] == [1]
    close = [Note(1, "a", 0.80), Note(2, "b", 0.79), Note(3, "c", 0.70)]
    found = by_meaning(close)
    assert not found.forget and [n.id for n in found.ask] == [1, 2]
    assert not by_meaning([Note(1, "User works at a museum.", 0.9)]).forget  # one note: nothing to lead over


def test_two_notes_sharing_the_topic_are_asked_about_unless_the_user_wants_both() -> None:
    notes = [Note(1, "User's brother is a lawyer in Beijing.", 0.85), Note(2, "User's brother got divorced.", 0.85),
             Note(3, "User lives in Lanzhou.", 0.7)]
    one = match(Retraction("topic", "brother", said="forget that thing about my brother"), notes)
    assert not one.forget and {n.id for n in one.ask} == {1, 2}
    both = match(Retraction("topic", "brother", said="forget all the stuff about my brother"), notes)
    assert {n.id for n in both.forget} == {1, 2}


def test_that_means_the_last_turns_notes_only() -> None:
    notes = [Note(1, "old", 0.9, recent=False), Note(2, "just said", 0.1, recent=True)]
    assert [n.id for n in match(Retraction("last"), notes).forget] == [2]
    assert match(Retraction("all"), notes).forget == ()


def test_the_shipped_head_has_the_four_classes() -> None:
    head = load_head()
    assert head is not None and head.weights.shape == (len(CLASSES), 384)


def test_a_one_value_reply_fixes_the_note_just_written_and_small_talk_does_not() -> None:
    assert amend("呃，外科", [(1, "用户是内科医生。")]).content == "用户是外科医生。"  # type: ignore[union-attr]
    assert amend("南通，南通", [(1, "用户的老公在南京工作。")]).content == "用户的老公在南通工作。"  # type: ignore[union-attr]
    assert amend("七月，七月初", [(1, "用户妈六月份来看用户。")]).content == "用户妈七月来看用户。"  # type: ignore[union-attr]
    assert amend("ugh, right-handed", [(1, "User is left-handed.")]).content == "User is right-handed."  # type: ignore[union-attr]
    for chat in ("晚安", "哈哈", "Thanks!", "好的", "谢谢！"):
        assert amend(chat, [(1, "用户晚上十点睡觉。")]) is None, chat
    assert not short_reply("南京呢？") and not short_reply("我也喜欢猫")


def test_the_dismissed_value_is_never_the_new_one() -> None:
    fixed = amend("colonoscopy is the 24th, not the 14th", [(1, "User's colonoscopy is on the 14th.")])
    assert fixed is not None and "24th" in fixed.content and "14th" not in fixed.content
    sesame = amend("sorry, not eggs — it's sesame", [(1, "User's daughter is allergic to eggs.")])
    assert sesame is not None and sesame.content == "User's daughter is allergic to sesame."
    assert amend("哦不是三月，是四月", [(1, "用户三月要去日本。")]).content == "用户四月要去日本。"  # type: ignore[union-attr]


def test_a_quote_of_the_users_words_is_a_retraction_when_the_head_leans_that_way() -> None:
    leaning = {"none": 0.3, "topic": 0.6, "last": 0.05, "all": 0.05}
    found = combine('you can forget "I hate my boss" — was just venting', None, leaning)
    assert found is not None and found.quoted == "I hate my boss"
    assert combine("There's a sign that says 'never give up'", None, UNSURE) is None


def test_several_notes_sharing_a_word_are_all_forgotten_when_the_user_asks_for_all() -> None:
    notes = [Note(1, "用户老家河南周口的。", 0.85), Note(2, "用户的爸妈还在老家种地。", 0.86), Note(3, "用户在杭州做程序员。", 0.8)]
    found = match(Retraction("topic", "老家 爸妈", said="关于我老家和爸妈的，都忘掉吧"), notes)
    assert {n.id for n in found.forget} == {1, 2}


def test_a_note_adding_to_the_one_named_is_asked_about_not_left_to_a_guess() -> None:
    notes = [Note(1, "用户周六要去看演唱会。", 0.89), Note(2, "用户周日还有一场，五月天。", 0.853), Note(3, "用户在杭州上班。", 0.8)]
    found = match(Retraction("topic", "演唱会", said="删掉演唱会那个"), notes)
    assert not found.forget and [n.id for n in found.ask] == [1, 2]
    far = [Note(1, "User's dog Rufus has hip dysplasia.", 0.86), Note(2, "User also coaches soccer.", 0.75)]
    assert [n.id for n in match(Retraction("topic", "dog", said="forget what I said about my dog"), far).forget] == [1]


def test_a_month_or_weekday_named_in_the_other_language_finds_its_note() -> None:
    notes = [Note(1, "User had a miscarriage in March.", 0.795), Note(2, "User's husband's name is Will.", 0.771)]
    found = match(Retraction("topic", "三月", said="三月那件事不要记了，谢谢"), notes)
    assert [n.id for n in found.forget] == [1]
    friday = [Note(1, "用户每周五去游泳。", 0.8), Note(2, "用户住在成都。", 0.79)]
    assert [n.id for n in match(Retraction("topic", "friday", said="forget the Friday thing"), friday).forget] == [1]


def _ask_ids(found: Match) -> set[int]:
    return {n.id for n in found.ask}


def test_a_word_of_another_person_is_asked_about_not_forgotten() -> None:
    """"my sister" shares its word with "sister-in-law" (姐 with 姐夫): with no note of the sister left, ask."""
    notes = [Note(2, "User's sister-in-law lives in Austin.", 0.87)]
    found = match(Retraction("topic", "sister", said="forget that thing about my sister"), notes)
    assert not found.forget and _ask_ids(found) == {2}
    zh = [Note(3, "用户姐夫是医生。", 0.89)]
    found = match(Retraction("topic", "姐", said="我姐的事别记了"), zh)
    assert not found.forget and _ask_ids(found) == {3}


def test_the_users_own_kind_is_not_a_relatives() -> None:
    notes = [Note(1, "User works at Google.", 0.83), Note(2, "User's wife works at Apple.", 0.80)]
    found = match(Retraction("topic", "where I work", said="forget where I work"), notes)
    assert [n.id for n in found.forget] == [1]


def test_words_choose_one_meaning_another_as_near_asks() -> None:
    notes = [Note(1, "User's brother is a dentist in Ohio.", 0.80), Note(2, "User's brother-in-law is a chef.", 0.87)]
    found = match(Retraction("topic", "brother", said="forget what I said about my brother"), notes)
    assert not found.forget and _ask_ids(found) == {1, 2}
    assert equally_near(Note(1, "a", 0.8), [Note(1, "a", 0.8), Note(2, "b", 0.81), Note(3, "c", 0.8)]) == [Note(2, "b", 0.81)]


def test_a_group_names_its_members() -> None:
    notes = [Note(1, "用户女儿在北师大附小上学。", 0.88), Note(2, "用户是做室内设计的。", 0.85)]
    found = match(Retraction("topic", "孩子学校", said="我孩子学校那个别记了"), notes)
    assert [n.id for n in found.forget] == [1]


def test_words_quoted_with_single_quotes_are_the_ones_forgotten() -> None:
    from pipelines.extract.retract import read_retraction

    found = read_retraction("that 'I'm saving for a boat' bit, please forget it")
    assert found is not None and found.quoted == "I'm saving for a boat"
    from pipelines.extract.retract import _quoted

    assert _quoted("can't stop, it's my mom's") is None  # an apostrophe inside a word is no quote mark


def test_how_the_assistant_should_answer_is_no_retraction() -> None:
    from pipelines.extract.retract import read_retraction

    assert read_retraction("forget about being nice and just tell me if my essay plan works") is None
    assert read_retraction("skip the pleasantries, is my budget realistic?") is None
    assert combine("forget about being diplomatic, rate my resume", None, TOPIC) is None  # the head is not asked


def test_my_thing_means_the_users_own_note_not_a_relatives() -> None:
    notes = [Note(1, "User's bike is a red Trek.", 0.80), Note(2, "User's brother's bike was stolen.", 0.86)]
    mine = match(Retraction("topic", "bike", said="forget my bike details"), notes)
    assert [n.id for n in mine.forget] == [1] and not mine.ask
    unsaid = match(Retraction("topic", "bike", said="forget the bike stuff"), notes)
    assert 2 in {n.id for n in unsaid.forget + unsaid.ask}


def test_an_ex_is_named_as_either_word() -> None:
    notes = [Note(1, "用户前女友在成都开咖啡店。", 0.8), Note(2, "用户在杭州工作。", 0.79)]
    found = match(Retraction("topic", "前任", said="前任的事别记了"), notes)
    assert [n.id for n in found.forget] == [1]


def test_the_head_reads_a_quoted_statement_as_that() -> None:
    from pipelines.extract.retract_head import head_text

    assert head_text('re: "I drink like 6 beers most nights" - pls forget that one') == "re: that - pls forget that one"
    assert head_text("“我在平安保险做理赔”这句不要记") == "那句这句不要记"
    assert head_text("forget my dog") == "forget my dog"


def test_the_clause_that_says_forget_names_the_topic_not_the_one_that_says_keep() -> None:
    assert read_retraction("you can keep that I'm married to Dana, but forget the IVF stuff") == Retraction("topic", "IVF")
    assert read_retraction("keep the rest but forget the divorce part") == Retraction("topic", "divorce")
    notes = [Note(7, "User's wife Dana.", 0.80), Note(8, "User is doing IVF at a clinic in San Diego.", 0.86)]
    found = match(Retraction("topic", "IVF", said="you can keep that I'm married to Dana, but forget the IVF stuff"), notes)
    assert [n.id for n in found.forget] == [8]


def test_the_users_own_words_about_a_person_are_about_that_person() -> None:
    """"the neighbor thing" is the user's note that names the neighbor (the note's holder is the user)."""
    notes = [Note(9, "User is pretty sure their neighbor is stealing their packages.", 0.84),
             Note(10, "User's favorite band is Khruangbin.", 0.80)]
    found = match(Retraction("topic", "neighbor", said="eh, forget the neighbor thing"), notes)
    assert [n.id for n in found.forget] == [9]


def test_a_note_holding_the_part_the_user_keeps_is_asked_about_never_archived_whole() -> None:
    both = Note(6, "User is applying to Stanford's MBA, their GMAT is 740.", 0.9)
    request = Retraction("topic", "my GMAT is 740", "my GMAT is 740",
                         said='you can forget "my GMAT is 740" but keep the Stanford part')
    found = keep_whole(request, Match(forget=(both,)), [both])
    assert not found.forget and _ask_ids(found) == {6}
    zh = Note(3, "用户在杭州上班，在蚂蚁，年包八十万。", 0.87)
    found = keep_whole(Retraction("topic", "收入", said="公司可以记，收入那部分删掉"), Match(forget=(zh,)), [zh])
    assert not found.forget and _ask_ids(found) == {3}


def test_a_kept_part_in_another_note_lets_the_note_to_forget_go() -> None:
    ivf, dana = Note(8, "User is doing IVF, third round, at a clinic in San Diego.", 0.9), Note(7, "User's wife Dana.", 0.8)
    request = Retraction("topic", "IVF", said="you can keep that I'm married to Dana, but forget the IVF stuff")
    assert keep_whole(request, Match(forget=(ivf,)), [ivf, dana]).forget == (ivf,)
    assert kept_part("I keep forgetting my keys at work lol") == ""
    assert kept_part("can you drop the therapy stuff? rather keep that private") == ""
    assert kept_part("我爸中风那个你别记了，家里的事不想留着。合肥那个无所谓") == "合肥那个无所谓"


def test_of_notes_sharing_a_word_the_one_holding_more_of_the_topic_is_meant_never_the_other() -> None:
    notes = [Note(1, "用户车是贷款买的，还有三年才还完。", 0.80), Note(2, "用户开的是途观车。", 0.85)]
    found = match(Retraction("topic", "车贷", said="之前说车贷的事，别记了"), notes)
    assert 2 not in {n.id for n in found.forget} and 1 in {n.id for n in found.forget + found.ask}
    nearer = [Note(1, "用户车是贷款买的，还有三年才还完。", 0.86), Note(2, "用户开的是途观车。", 0.82)]
    assert [n.id for n in match(Retraction("topic", "车贷", said="之前说车贷的事，别记了"), nearer).forget] == [1]


def test_a_character_shared_is_no_match_when_its_word_is_not_in_the_note() -> None:
    notes = [Note(2, "用户开的是途观车。", 0.85)]
    assert not match(Retraction("topic", "车贷", said="之前说车贷的事，别记了"), notes).forget
    assert [n.id for n in match(Retraction("topic", "车", said="车的事别记了"), notes).forget] == [2]


def test_words_of_forgetting_about_something_else_are_never_a_retraction_whatever_the_head_says() -> None:
    for text in ("I keep forgetting my gym card at home", "please don't forget to remind me about the vet on Thursday",
                 "forget it, never mind the question", "ugh nvm, forget I asked", "remind me not to forget the tickets",
                 "take the garlic out of the recipe you gave me", "how do I forget an awkward moment lol",
                 "我老是忘记关窗户", "别忘了提醒我周四去取快递", "算了，当我没问", "把这篇文章里的错别字删掉"):
        assert read_retraction(text) is None, text
        assert combine(text, read_retraction(text), TOPIC) is None, text  # a sure head does not overrule it
        assert combine(text, None, LAST) is None, text


def test_a_request_that_names_the_users_words_is_still_a_retraction_beside_a_near_miss_word() -> None:
    assert read_retraction("I forgot to say: delete what I said about my landlord") is not None
    assert combine("把我刚才说的那个删掉吧", read_retraction("把我刚才说的那个删掉吧"), LAST) is not None


def test_a_partial_retraction_keeps_the_parts_the_topic_does_not_name() -> None:
    from pipelines.extract.retract_part import rest_of

    salary = Retraction("topic", "薪水", said="薪水的事别记了")
    assert rest_of(salary, "用户年薪三十万，在成都做前端。") == "用户在成都做前端。"
    ex = Retraction("topic", "前任", said="关于前任的都删了")
    assert rest_of(ex, "用户前女友叫林夏，去年分的手。用户养了一只猫。") == "用户养了一只猫。"
    quoted = Retraction("topic", "my rent is 900", "my rent is 900", said='forget "my rent is 900", keep the rest')
    assert rest_of(quoted, "User lives in Porto, their rent is 900.") == "User lives in Porto."
    school = Retraction("topic", "学校", said="她学校别记了，名字可以留着")
    assert rest_of(school, "用户儿子叫周远，在实验小学读四年级。") == "用户儿子叫周远。"
    assert rest_of(salary, "用户年薪三十万。") is None  # one part: the note goes whole
    assert rest_of(Retraction("topic", "knee", said="forget the knee thing"), "User hurt their knee, it still aches.") is None
    assert rest_of(Retraction("last", said="scratch that"), "User is in Rome, they love it.") is None


def test_a_person_who_is_a_kind_finds_the_users_note_in_the_other_language_without_meaning() -> None:
    notes = [Note(1, "用户每两周去看一次心理医生。"), Note(2, "User's dog is called Biscuit.")]
    found = match(Retraction("topic", "therapist", said="forget the stuff about my therapist"), notes)
    assert [n.id for n in found.forget] == [1]  # no cosine known: the kind alone decides
    sister = [Note(1, "用户有哮喘。"), Note(2, "User's sister is a nurse.")]
    assert 1 not in [n.id for n in match(Retraction("topic", "sister health", said="forget my sister's health stuff"),
                                         sister).forget]



def test_a_negated_keep_is_a_way_of_saying_do_not_store_never_a_part_to_keep() -> None:
    cancer = Note(2, "User's mom has stage 2 breast cancer, starting chemo next week.", 0.75, recent=True)
    request = Retraction("last", said="sorry that's heavy. you don't need to remember that")
    assert kept_part(request.said) == ""
    assert keep_whole(request, Match(forget=(cancer,)), [cancer]).forget == (cancer,)
    assert kept_part("no need to keep that, it was a one-off") == ""
    assert kept_part("you can remember the job part, not the salary") == "you can remember the job part"  # look-alike


def test_a_part_naming_only_some_of_what_another_part_names_is_kept() -> None:
    from pipelines.extract.retract_part import rest_of

    kids = "User's kids are Leo (8) and Maya (5), and Leo has a peanut allergy."
    allergy = Retraction("topic", "Leo过敏", said="Leo过敏那个先别记，还在复查，不确定是不是")
    rest = rest_of(allergy, kids)
    assert rest is not None and "Leo" in rest and "Maya" in rest and "peanut" not in rest
    both = Retraction("topic", "工资 住址", said="工资和住址都别记了")
    assert rest_of(both, "用户工资两万，住在苏州园区。") is None  # each part named by its own: the note goes whole
    leo = Retraction("topic", "Leo", said="forget the stuff about Leo")
    assert rest_of(leo, "User's son Leo is 8, Leo has a peanut allergy.") is None  # each part names Leo alike


def test_a_part_naming_the_person_before_only_by_a_pronoun_goes_with_that_person() -> None:
    from pipelines.extract.retract_part import rest_of

    ex = Retraction("topic", "前任", said="前任的事别记了")
    assert rest_of(ex, "用户前任叫周野，分手是因为他劈腿，住在苏州园区。") == "用户住在苏州园区。"  # not 「用户分手是因为他劈腿」
    therapist = Retraction("topic", "therapist", said="forget the therapist thing")
    assert rest_of(therapist, "User sees a therapist, sees her every Tuesday, lives in Denver.") == "User lives in Denver."
    salary = Retraction("topic", "月薪", said="月薪那个别记了")
    assert rest_of(salary, "用户月薪两万，住在厦门思明区。") == "用户住在厦门思明区。"  # look-alike: no pronoun, its own fact


def test_a_note_in_the_other_language_is_no_rival_of_the_one_the_words_chose() -> None:
    tom, home = Note(1, "User's boss Tom is a total jerk.", 0.819), Note(2, "用户住在杭州西湖区。", 0.835)
    found = match(Retraction("topic", "Tom", said="Tom那件事就当我没说"), [tom, home])
    assert found.forget == (tom,) and not found.ask
    sister, inlaw = Note(3, "User's sister is a nurse.", 0.80), Note(4, "User's sister-in-law is a vet.", 0.84)
    assert equally_near(sister, [sister, inlaw]) == [inlaw]  # look-alike: a rival of the same language still is one


def test_meaning_alone_never_forgets_past_a_close_note_in_the_other_language() -> None:
    nurse, owe = Note(4, "用户是护士。", 0.828), Note(3, "User owes their brother 5000 dollars.", 0.792)
    found = by_meaning([nurse, owe])
    assert not found.forget and {n.id for n in found.ask} == {3, 4}
    far = Note(3, "User owes their brother 5000 dollars.", 0.70)
    assert by_meaning([nurse, Note(5, "用户住在杭州。", 0.79), far]).forget == (nurse,)  # a clear lead still decides


def test_mixed_language_requests_are_read_and_mixed_look_alikes_are_not() -> None:
    assert read_retraction("Tom那件事就当我没说") == Retraction("topic", "Tom")
    assert read_retraction("欠钱那个 delete 掉") == Retraction("topic", "欠钱")
    assert read_retraction("scratch the 试管 thing pls") == Retraction("topic", "试管")
    assert read_retraction("forget 我前任的事") == Retraction("topic", "前任")
    assert read_retraction("actually scratch the part about my knee") == Retraction("topic", "knee")
    assert read_retraction("妈妈生病的事 you don't need to remember") == Retraction("topic", "妈妈生病")
    assert read_retraction("I don't need to remember my password, I use a manager") is None  # the user's own need
    for text in ("她总是 forget 我的名字，叫我我爸的小名", "I always forget 带钥匙", "don't forget 明天开会", "我又 forgot 带钥匙",
                 "scratch my back lol", "my cat likes to scratch the sofa", "I need to delete 微信 from my phone"):
        assert read_retraction(text) is None, text
