"""Pasted material (traces, logs, shell output, JSON, base64, code) is not a memory; statements with numbers or URLs are."""
from __future__ import annotations

import pytest

from pipelines.extract.pasted import data_line, is_pasted
from pipelines.extract.transient import is_passing

TRACE = ('Traceback (most recent call last):\n  File "main.py", line 9, in <module>\n    run()\n'
         "KeyError: 'user_id'")
JAVA = ("Exception in thread \"main\" java.lang.NullPointerException\n"
        "    at com.shop.cart.Service.total(Service.java:88)\n    at com.shop.Main.main(Main.java:12)")
LOG = "能帮我看下吗\n2025-01-07 22:10:44 WARN [http-nio-8080] o.s.w.Servlet - timeout after 30000ms, retry 3"
SHELL = "$ ls -la\ntotal 12\ndrwxr-xr-x  3 me  staff   96 Jan  7 10:00 .\n-rw-r--r--  1 me  staff  220 Jan  7 10:00 a.txt"
PS = "PS C:\\Users\\dev> npm run build\nnpm ERR! code ELIFECYCLE\nnpm ERR! errno 1"
CODE = "def add(a, b):\n    return a + b\n\nprint(add(1, '2'))  # why does this fail"

PASTED = [
    ("python trace", TRACE),
    ("java trace", JAVA),
    ("log line under a question", LOG),
    ("shell output", SHELL),
    ("powershell / npm", PS),
    ("code", CODE),
    ("inline json (zh)", '这段为什么报错 {"id": 3, "tags": ["a", "b"], "ok": false}'),
    ("inline json (en)", 'why is this invalid: {"user": {"name": "x", "age": 3,}}'),
    ("base64", "SGVsbG8sIHRoaXMgaXMgYSBiYXNlNjQgc3RyaW5nIHRoYXQgaXMgbG9uZw=="),
    ("base64 with a question", "what does this decode to? eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0In0"),
    ("hex dump", "00000000  7f 45 4c 46 02 01 01 00  00 00 00 00 00 00 00 00  |.ELF............|"),
    ("sql", "SELECT id, name FROM users WHERE age > 30 ORDER BY name;\nUPDATE users SET age = age + 1;"),
]
STATEMENTS = [
    ("a number", "I run 10 km every Saturday morning"),
    ("a date and a time", "My flight to Lisbon is on 2025-03-14 at 09:30"),
    ("a url", "My blog is at https://example.com/blog/2024/03/notes-on-running-a-marathon-in-the-rain"),
    ("an email", "my work email is first.last@some-company.example.org"),
    ("zh with digits", "我每天早上6点起床跑步5公里"),
    ("zh plain", "老婆在银行上班，女儿今年五岁"),
    ("money and percent", "I put 15% of my salary, about $800, into savings each month"),
    ("a version number", "I'm a backend dev, mostly Python 3.12 and Go 1.22 at work"),
    ("short", "ok"),
    ("emoji", "好的谢谢 👍"),
    ("list of allergies", "Allergic to: peanuts, shellfish, kiwi"),
    ("a plate and a flight code", "my plate is 沪A·8K362 and my flight is CA1382 on 3/14 at 09:30"),
    ("a short correction with a code", "打错了，是CA1382。"),
    ("scores in brackets", "I scored 1450/1600 on the SAT (math 780, verbal 670)"),
    ("masked pii", "Phone: [PHONE], email: [EMAIL]"),
]


@pytest.mark.parametrize(("case", "text"), PASTED)
def test_pasted_material_is_recognised(case: str, text: str) -> None:
    assert is_pasted(text), case
    assert is_passing(text), case


@pytest.mark.parametrize(("case", "text"), STATEMENTS)
def test_ordinary_statements_are_not_pasted(case: str, text: str) -> None:
    assert not is_pasted(text), case


@pytest.mark.parametrize(("line", "expected"), [
    ('  File "app.py", line 42, in <module>', True),
    ("    at org.x.Y.run(Y.java:7)", True),
    ("2024-03-11 09:14:02 ERROR [main] c.a.Pool - create connection failed", True),
    ("$ df -h", True),
    ("/dev/sda1        50G   48G  2.0G  97% /", True),
    ("I moved to Berlin in 2019", False),
    ("see https://en.wikipedia.org/wiki/Some_Very_Long_Article_Title_About_Something", False),
    ("", False),
])
def test_data_line(line: str, expected: bool) -> None:
    assert data_line(line) is expected


def test_documents_joined_into_one_line_are_pasted() -> None:
    from pipelines.extract.pasted import is_pasted

    for text in ["Order #48213 | Qty 2 | Blue hoodie L | $39.98 | Shipped 03/14",
                 "Dear Mr. Patel, I am writing to follow up on my application. Best regards, Anna",
                 "尊敬的王经理：您好！我因身体不适，需请假两天，望批准。此致 敬礼 李明",
                 "会议纪要：1. 预算通过 2. 下周三上线 3. 张三负责测试",
                 "Ingredients: 2 cups flour, 1 tsp salt, 3 eggs, 1 cup milk."]:
        assert is_pasted(text), text
    for text in ["1. I live in Oslo 2. I'm a vet", "Hi Anna, my son made the team!", "My kids: Tom 5, Ana 8, Bo 11"]:
        assert not is_pasted(text), text


def test_a_headed_list_of_many_numbers_is_read_quickly() -> None:
    # "Numbers: id 12345 x, id 12345 x, …" without a final number: the headed-list rule tried every way to split each
    # item at one of its digits and at the spaces after its comma — 8 items took 280 s, 20 never finished — on the
    # event loop, so one message stalled every user. Timed in CPU seconds (a loaded machine must not fail it).
    import time

    text = "Numbers: " + ", ".join(["id 12345 x"] * 400) + ", end x"
    started = time.process_time()
    is_pasted(text)
    assert time.process_time() - started < 1.0
    assert is_pasted("Ingredients: 2 cups flour, 1 tsp salt, 3 eggs")  # the rule still reads a measured list
